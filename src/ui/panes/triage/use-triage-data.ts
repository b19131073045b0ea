// The one place the triage panel asks the worker for its report and usage points (once per loaded log).

import type { TriageReport, UsagePoint } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';

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
  const answer = useWorkerQuery(
    () => Promise.all([client.query({ kind: 'triage' }), client.query({ kind: 'usage' })]),
    [client],
    { log: logGeneration, shouldAsk: loadState === 'ready' },
  );

  if (loadState !== 'ready') return { status: loadState === 'loading' ? 'loading' : 'idle' };
  switch (answer.status) {
    case 'waiting':
      return { status: 'loading' };
    case 'ready':
      return { status: 'ready', report: answer.value[0], usage: answer.value[1] };
    case 'failed':
      return { status: 'error', message: answer.message };
  }
}
