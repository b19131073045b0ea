// The header bar's third answer (issue 20): how the run ended, beside the verdict badges (would dsh
// open it) and the problem count (can this viewer read it). Read from the triage report the worker
// derives after a load (three-answers.ts), so it says what triage and `inspect` say.
import { useViewer } from '../../store/use-viewer.ts';
import { RunEndingBadge } from '../shared/ThreeAnswersView.tsx';
import { useWorkerQuery } from '../shared/use-worker-query.ts';

export function RunEndingHeaderBadge() {
  const client = useViewer((state) => state.client);
  const loadState = useViewer((state) => state.loadState);
  const logGeneration = useViewer((state) => state.logGeneration);
  const answer = useWorkerQuery(() => client.query({ kind: 'triage' }), [client], {
    log: logGeneration,
    shouldAsk: loadState === 'ready',
  });
  if (loadState !== 'ready' || answer.status !== 'ready') return null;
  return <RunEndingBadge answers={answer.value.answers} />;
}
