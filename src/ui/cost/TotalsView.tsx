// One set of totals (a session, a range): money with the table it was priced at, tokens, calls,
// errors and the time split. The price label sits next to every total.
import type { RangeTotals } from '../../log/index.ts';
import type { PriceLabel } from '../../worker/client.ts';
import { formatCountOf } from '../shared/count-noun.ts';
import { formatCount } from '../shared/format.ts';
import { formatTotal } from './format-money.ts';
import { TimeSplitBar } from './TimeSplitBar.tsx';

export function TotalsView({
  totals,
  label,
  testId,
}: {
  totals: RangeTotals;
  label: PriceLabel;
  testId: string;
}) {
  return (
    <div data-testid={testId} data-cost={totals.cost} data-unpriced={totals.unpriced} className="space-y-1">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-base font-semibold tabular-nums" data-testid={`${testId}-money`}>
          {formatTotal(totals.cost, totals.unpriced, label.currency)}
        </span>
        <PriceLabelText label={label} />
      </div>
      <div className="flex flex-wrap gap-x-3 text-[11px] tabular-nums text-zinc-700 dark:text-zinc-300">
        <span>{formatCountOf(totals.requests, 'request')}</span>
        <span title="uncached input tokens">in {formatCount(totals.inputTokens)}</span>
        <span title="input tokens read from the provider's cache (cache hits)">
          cached {formatCount(totals.cachedInputTokens)}
        </span>
        <span>out {formatCount(totals.outputTokens)}</span>
        {totals.reasoningTokens > 0 && (
          <span title="part of output">reasoning {formatCount(totals.reasoningTokens)}</span>
        )}
        <span>{formatCountOf(totals.toolCalls, 'call')}</span>
        <span className={totals.errors > 0 ? 'text-red-700 dark:text-red-300' : ''}>
          {formatCountOf(totals.errors, 'error')}
        </span>
        {totals.withoutUsage > 0 && (
          <span title="requests that logged no usage">{totals.withoutUsage} without usage</span>
        )}
      </div>
      <TimeSplitBar split={totals.time} />
    </div>
  );
}

/** "prices: @pydantic/genai-prices 0.1.8 · 1 edited". */
function PriceLabelText({ label }: { label: PriceLabel }) {
  return (
    <span data-testid="price-label" className="text-[11px] text-zinc-600 dark:text-zinc-400">
      prices: {label.source}
    </span>
  );
}
