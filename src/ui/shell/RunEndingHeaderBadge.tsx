// The header bar's third answer (issue 20): how the run ended, beside the verdict badges (would dsh
// open it) and the problem count (can this viewer read it). Read from the triage report the worker
// derives after a load (three-answers.ts), so it says what triage and `inspect` say.
import { useRef } from 'react';
import type { ThreeAnswers } from '../../log/index.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { useIsWriterActive } from '../../store/use-writer-activity.ts';
import { RunEndingBadge } from '../shared/ThreeAnswersView.tsx';
import { useWorkerQuery } from '../shared/use-worker-query.ts';

export function RunEndingHeaderBadge() {
  const client = useViewer((state) => state.client);
  const loadState = useViewer((state) => state.loadState);
  const logGeneration = useViewer((state) => state.logGeneration);
  // A followed log is asked again when a turn starts or ends, not at every append.
  const turnsKey = useViewer((state) => {
    const turns = state.summary?.turns;
    return state.live === null || turns === undefined ? '' : `${turns.length}:${turns.at(-1)?.endSeq ?? ''}`;
  });
  // Re-renders once, when the writer has been quiet past the threshold (no ticking clock).
  const isWriterActive = useIsWriterActive();
  const answer = useWorkerQuery(
    // turnsKey is part of the question: the triage of the log as it stands when a turn changed.
    () => (turnsKey === '-' ? null : client.query({ kind: 'triage' })),
    [client, turnsKey],
    { log: logGeneration, shouldAsk: loadState === 'ready' },
  );
  // The last answer stays while a followed log's next one is asked (no blink at a turn boundary).
  const shownRef = useRef<{ generation: number; answers: ThreeAnswers } | null>(null);
  if (answer.status === 'ready')
    shownRef.current = { generation: logGeneration, answers: answer.value.answers };
  const shown = shownRef.current?.generation === logGeneration ? shownRef.current.answers : null;
  if (loadState !== 'ready' || shown === null) return null;
  // While the writer is still appending, an unended turn is running, not hanging (shownRunEnding).
  return <RunEndingBadge answers={shown} isWriterActive={isWriterActive} />;
}
