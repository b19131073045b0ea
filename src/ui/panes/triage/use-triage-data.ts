// The one place the triage panel asks the worker for its report and usage points (once per loaded log).

import { useEffect, useState } from 'react';
import type { TriageReport, UsagePoint } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';

export type TriageData =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; report: TriageReport; usage: UsagePoint[] }
  | { status: 'error'; message: string };

/**
 * Queries `triage` and `usage` when a log finished loading; the answer is kept until the next
 * load (logGeneration changes), so switching tabs or moving the cursor never re-derives it.
 */
export function useTriageData(): TriageData {
  const client = useViewer((state) => state.client);
  const loadState = useViewer((state) => state.loadState);
  const logGeneration = useViewer((state) => state.logGeneration);
  const [data, setData] = useState<{ generation: number; value: TriageData }>({
    generation: -1,
    value: { status: 'idle' },
  });

  useEffect(() => {
    if (loadState !== 'ready') return;
    let isCurrent = true;
    setData({ generation: logGeneration, value: { status: 'loading' } });
    Promise.all([client.query({ kind: 'triage' }), client.query({ kind: 'usage' })]).then(
      ([report, usage]) => {
        if (isCurrent) setData({ generation: logGeneration, value: { status: 'ready', report, usage } });
      },
      (error: unknown) => {
        if (isCurrent)
          setData({
            generation: logGeneration,
            value: { status: 'error', message: error instanceof Error ? error.message : String(error) },
          });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [client, loadState, logGeneration]);

  if (loadState !== 'ready') return { status: loadState === 'loading' ? 'loading' : 'idle' };
  return data.generation === logGeneration ? data.value : { status: 'loading' };
}
