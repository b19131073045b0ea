// The money and time of the model request behind an assistant message card: its cost at the prices
// in force (or "unpriced"), time to first token, generation time and output speed, and what failed
// tries of the same step cost before it. The table's name and edits are in its title.
import { useViewer } from '../../store/use-viewer.ts';
import { usePriceEdits } from '../../store/use-price-edits.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { formatDuration } from '../shared/format.ts';
import { formatMoney, formatRate } from './format-money.ts';

export function MessageCostChip({ messageSeq }: { messageSeq: number }) {
  const client = useViewer((state) => state.client);
  const logGeneration = useViewer((state) => state.logGeneration);
  const isReady = useViewer((state) => state.loadState === 'ready');
  const edits = usePriceEdits((state) => state.edits);
  // Asked only once the log is loaded: while another log loads (the worker may still hold the one
  // before, or a part of the new one), no chip shows rather than one priced from the wrong events.
  const answer = useWorkerQuery(
    () => client.query({ kind: 'cost-message', messageSeq, edits }),
    [client, messageSeq, edits],
    { log: logGeneration, shouldAsk: isReady },
  );
  if (answer.status !== 'ready' || answer.value === null) return null;
  const cost = answer.value;
  const money =
    cost.cost !== null
      ? formatMoney(cost.cost, cost.label.currency)
      : cost.isUnpriced
        ? 'unpriced'
        : 'no usage';
  const title = [
    cost.cost !== null ? `Priced as ${cost.pricedAs ?? '?'}${cost.isEdited ? ' (your price)' : ''}` : null,
    cost.isUnpriced ? `No price for ${cost.model ?? 'this model'}: counted as unpriced, never guessed` : null,
    `Prices: ${cost.label.source}`,
    `Latency ${formatDuration(cost.timing.latencyMs)} (request sent → last chunk)`,
    cost.failedAttempts > 0
      ? `${cost.failedAttempts} failed attempt(s) before it: ${formatMoney(cost.failedAttemptsCost)}`
      : null,
  ]
    .filter((line) => line !== null)
    .join('\n');
  return (
    <span
      data-testid="message-cost"
      data-cost={cost.cost ?? ''}
      data-first-token-ms={cost.timing.firstTokenMs ?? ''}
      data-generation-ms={cost.timing.generationMs ?? ''}
      data-tokens-per-second={cost.timing.outputTokensPerSecond ?? ''}
      data-edited={cost.isEdited || undefined}
      title={title}
      className="flex flex-wrap items-center gap-x-2 font-mono text-zinc-700 dark:text-zinc-300"
    >
      <span className={cost.isUnpriced ? 'text-amber-800 dark:text-amber-300' : 'font-semibold'}>
        {money}
      </span>
      {cost.isEdited && <span className="text-violet-800 dark:text-violet-300">your price</span>}
      {cost.timing.firstTokenMs !== null && <span>TTFT {formatDuration(cost.timing.firstTokenMs)}</span>}
      {cost.timing.generationMs !== null && <span>gen {formatDuration(cost.timing.generationMs)}</span>}
      {cost.timing.outputTokensPerSecond !== null && (
        <span>{formatRate(cost.timing.outputTokensPerSecond)}</span>
      )}
      {cost.failedAttempts > 0 && (
        <span className="text-amber-800 dark:text-amber-300">+{cost.failedAttempts} retry</span>
      )}
    </span>
  );
}
