// A tool call's own run time and the time it waited for an approval (FORMAT.md §5.3), for the
// call card: the card's duration is call → result, this splits it.
import { useViewer } from '../../store/use-viewer.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { formatDuration } from '../shared/format.ts';

export function CallTimeChip({ callId }: { callId: string }) {
  const client = useViewer((state) => state.client);
  const logGeneration = useViewer((state) => state.logGeneration);
  const isReady = useViewer((state) => state.loadState === 'ready');
  // Asked once the log is loaded (as MessageCostChip): never a time from the log before.
  const answer = useWorkerQuery(
    () => client.query({ kind: 'cost-call', callId, edits: [] }),
    [client, callId],
    { log: logGeneration, shouldAsk: isReady },
  );
  if (answer.status !== 'ready' || answer.value === null || answer.value.runMs === null) return null;
  const timing = answer.value;
  return (
    <span
      data-testid="call-time"
      data-run-ms={timing.runMs ?? ''}
      data-approval-wait-ms={timing.approvalWaitMs}
      className="tabular-nums text-zinc-700 dark:text-zinc-300"
      title="The tool's own run time (tool/call → tool/result, less the approval wait)"
    >
      run {formatDuration(timing.runMs ?? 0)}
      {timing.approvalWaitMs > 0 && <> · waited {formatDuration(timing.approvalWaitMs)} for approval</>}
    </span>
  );
}
