// The request card's context composition: system prompt, tools and messages as one bar against the
// context window, with a legend, the numbers and where they come from (logged or estimated).
import type { RequestComposition } from '../../../log/index.ts';
import { formatCount } from '../../shared/format.ts';
import { describeComposition, type CompositionSegment } from './request-card-text.ts';

/** Segment fill and legend swatch per part; each reads on white and on zinc-900. */
const PART_CLASSES: Record<CompositionSegment['part'], string> = {
  system: 'bg-violet-500 dark:bg-violet-400',
  tools: 'bg-amber-500 dark:bg-amber-400',
  messages: 'bg-sky-600 dark:bg-sky-400',
};

/** The bar, legend and source line for `composition` (at the cursor; `messageCount` messages on the surface). */
export function RequestCompositionBar({ composition }: { composition: RequestComposition }) {
  const display = describeComposition(composition);
  const totalSource = composition.total.source;
  return (
    <div data-testid="request-composition" data-total-source={totalSource} className="space-y-1">
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="font-semibold text-zinc-800 dark:text-zinc-100">Context</span>
        <span
          className={`tabular-nums ${display.isOverWindow ? 'font-semibold text-red-700 dark:text-red-300' : 'text-zinc-700 dark:text-zinc-200'}`}
          data-testid="request-composition-total"
        >
          {display.totalLabel}
        </span>
        <span
          className={`rounded px-1 text-[11px] font-medium ${
            totalSource === 'logged'
              ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200'
              : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200'
          }`}
        >
          {totalSource}
        </span>
      </div>
      <div
        className="flex h-2.5 w-full overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
        role="img"
        aria-label={`${display.totalLabel}: ${display.segments
          .map((segment) => `${segment.label} ${formatCount(segment.tokens)}`)
          .join(', ')}`}
      >
        {display.segments.map((segment) => (
          <div
            key={segment.part}
            className={PART_CLASSES[segment.part]}
            style={{ width: `${segment.share * 100}%` }}
          />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-3 gap-y-0.5 text-[11px] text-zinc-700 dark:text-zinc-300">
        {display.segments.map((segment) => (
          <li key={segment.part} className="flex items-center gap-1" data-part={segment.part}>
            <span aria-hidden className={`inline-block h-2 w-2 rounded-sm ${PART_CLASSES[segment.part]}`} />
            {segment.label}
            <span className="tabular-nums">{formatCount(segment.tokens)}</span>
            {segment.part === 'messages' && (
              <span className="text-zinc-600 dark:text-zinc-300">
                ({formatCount(composition.messageCount)} message{composition.messageCount === 1 ? '' : 's'})
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="text-[11px] text-zinc-600 dark:text-zinc-300" data-testid="request-composition-source">
        {display.sourceLabel}.
      </p>
      {display.warning && <p className="text-[11px] text-amber-800 dark:text-amber-200">{display.warning}</p>}
    </div>
  );
}
