// The facet bar above the events list: a button per facet that opens its values (checkboxes with
// counts, several at once), "showing k of N events" while the list is narrowed, and Clear.
import { useEffect, useRef, useState } from 'react';
import type { FacetCounts, FacetName, FacetValueCount } from '../../../log/index.ts';
import { formatCount } from '../../shared/format.ts';
import { FACET_LABELS, labelFacetValue, matchesFacetFilter } from './facet-labels.ts';
import type { EventFacets, FacetValue } from './use-event-facets.ts';
import { formatCountOf } from '../../shared/count-noun.ts';

/** Values listed at most (the rest are reached by typing in the filter): a turn facet has thousands. */
const VALUES_SHOWN_MAX = 200;
/** From this many values on, the panel has a filter field. */
const FILTER_FROM_VALUES = 12;

const PANEL_ID = 'event-facet-values';

interface FacetBarProps {
  facets: EventFacets;
  eventCount: number;
  /** The last search's text and match count, when it has matches in this log (else null: no toggle). */
  searchMatches: { text: string; count: number } | null;
  /** Whether the list and the counts are narrowed to the search's matches too. */
  isWithinMatches: boolean;
  onWithinMatches: (isWithin: boolean) => void;
}

export function FacetBar({
  facets,
  eventCount,
  searchMatches,
  isWithinMatches,
  onWithinMatches,
}: FacetBarProps) {
  const [openFacet, setOpenFacet] = useState<FacetName | null>(null);
  const buttonRefs = useRef(new Map<FacetName, HTMLButtonElement>());
  const { isAvailable, isNarrowed, selection, counts, seqs, askCounts } = facets;
  const close = (facet: FacetName) => {
    setOpenFacet(null);
    buttonRefs.current.get(facet)?.focus();
  };
  const shownCount = seqs?.length ?? counts?.matching ?? null;
  return (
    <div className="border-b border-zinc-200 text-xs dark:border-zinc-800" data-testid="facet-bar">
      <div
        role="group"
        aria-label="Narrow the events list"
        className="flex flex-wrap items-center gap-1 px-2 py-1"
      >
        <span className="text-zinc-600 dark:text-zinc-400">Narrow:</span>
        {FACET_LABELS.map(({ facet, label }) => {
          const picked = selection[facet]?.length ?? 0;
          const isOpen = openFacet === facet;
          return (
            <button
              key={facet}
              type="button"
              ref={(element) => {
                if (element) buttonRefs.current.set(facet, element);
                else buttonRefs.current.delete(facet);
              }}
              disabled={!isAvailable}
              aria-expanded={isOpen}
              aria-controls={isOpen ? PANEL_ID : undefined}
              data-facet={facet}
              onClick={() => {
                askCounts();
                setOpenFacet(isOpen ? null : facet);
              }}
              className={`rounded border px-1.5 py-0.5 disabled:cursor-not-allowed disabled:opacity-60 ${
                picked > 0
                  ? 'border-sky-700 bg-sky-50 text-sky-900 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100'
                  : 'border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700'
              }`}
            >
              {label}
              {picked > 0 ? ` · ${picked}` : ''} {isOpen ? '▴' : '▾'}
            </button>
          );
        })}
        {searchMatches !== null && searchMatches.count > 0 && (
          <label
            className="flex items-center gap-1 rounded border border-zinc-300 px-1.5 py-0.5 text-zinc-800 dark:border-zinc-600 dark:text-zinc-200"
            title={`Only the events that show “${searchMatches.text}”; the facets count among them`}
          >
            <input
              type="checkbox"
              data-testid="facet-within-matches"
              checked={isWithinMatches}
              onChange={(event) => onWithinMatches(event.target.checked)}
            />
            search matches only ({formatCount(searchMatches.count)})
          </label>
        )}
        {isNarrowed && (
          <>
            <span
              className={`tabular-nums text-zinc-700 dark:text-zinc-300 ${facets.isCurrent ? '' : 'opacity-70'}`}
              data-testid="facet-shown-count"
              data-shown={shownCount ?? undefined}
            >
              {shownCount === null
                ? 'narrowing…'
                : `showing ${formatCount(shownCount)} of ${formatCountOf(eventCount, 'event')}`}
            </span>
            <button
              type="button"
              data-testid="facet-clear"
              onClick={() => {
                facets.clearAll();
                onWithinMatches(false);
              }}
              className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700"
            >
              Clear
            </button>
          </>
        )}
        {!isAvailable && <span className="text-zinc-600 dark:text-zinc-400">(once the log is read)</span>}
        {facets.error && <span className="text-red-700 dark:text-red-300">{facets.error}</span>}
        {/* Said once the list changes, for screen readers. */}
        <span className="sr-only" role="status">
          {isNarrowed && shownCount !== null && facets.isCurrent
            ? `${formatCount(shownCount)} of ${formatCountOf(eventCount, 'event')} shown`
            : ''}
        </span>
      </div>
      {openFacet !== null && (
        <FacetPanel
          key={openFacet}
          facet={openFacet}
          counts={counts}
          picked={selection[openFacet] ?? []}
          onToggle={(value) => facets.toggleValue(openFacet, value)}
          onClear={() => facets.clearFacet(openFacet)}
          onClose={() => close(openFacet)}
        />
      )}
    </div>
  );
}

interface FacetPanelProps {
  facet: FacetName;
  counts: FacetCounts | null;
  picked: readonly FacetValue[];
  onToggle: (value: FacetValue) => void;
  onClear: () => void;
  onClose: () => void;
}

/** One facet's values as checkboxes with counts; Escape closes it (focus returns to its button). */
function FacetPanel({ facet, counts, picked, onToggle, onClear, onClose }: FacetPanelProps) {
  const [filter, setFilter] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  const facetLabel = FACET_LABELS.find((entry) => entry.facet === facet)?.label ?? facet;
  const values = (counts?.[facet] ?? []) as readonly FacetValueCount<FacetValue>[];
  const hasValues = counts !== null;
  // Opening moves the focus into the panel (its filter, else its first value).
  useEffect(() => {
    if (!hasValues) return;
    panelRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [hasValues]);
  const matching = values.filter(
    (entry) =>
      picked.includes(entry.value) || matchesFacetFilter(labelFacetValue(facet, entry.value), filter),
  );
  const shown = matching.slice(0, VALUES_SHOWN_MAX);
  // Picked values beyond the cap stay listed (they can always be unticked).
  for (const entry of matching.slice(VALUES_SHOWN_MAX)) if (picked.includes(entry.value)) shown.push(entry);
  return (
    <div
      ref={panelRef}
      id={PANEL_ID}
      role="group"
      aria-label={`${facetLabel} values`}
      data-testid="facet-panel"
      data-facet={facet}
      className="border-t border-zinc-200 bg-zinc-50 px-2 py-1.5 dark:border-zinc-800 dark:bg-zinc-900"
      onKeyDown={(event) => {
        // Space ticks the focused checkbox here; the app's Space (play / pause) must not hear it.
        if (event.key === ' ') event.stopPropagation();
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      {!hasValues && <span className="text-zinc-600 dark:text-zinc-400">Counting…</span>}
      {hasValues && (
        <>
          <div className="mb-1 flex items-center gap-2">
            {values.length >= FILTER_FROM_VALUES && (
              <input
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                placeholder={`Find a ${facetLabel.toLowerCase()}…`}
                aria-label={`Find ${facetLabel.toLowerCase()} values`}
                className="w-44 rounded border border-zinc-300 bg-white px-1.5 py-0.5 dark:border-zinc-600 dark:bg-zinc-800"
              />
            )}
            <span className="text-zinc-600 dark:text-zinc-400">
              {values.length === 0
                ? 'No values in this log.'
                : `${formatCountOf(values.length, 'value')}; counts with the other facets applied`}
            </span>
            {picked.length > 0 && (
              <button
                type="button"
                onClick={onClear}
                className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700"
              >
                Clear {facetLabel.toLowerCase()}
              </button>
            )}
            <button
              type="button"
              onClick={onClose}
              className="ml-auto rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700"
            >
              Done
            </button>
          </div>
          <ul className="flex max-h-40 flex-wrap gap-1 overflow-auto">
            {shown.map(({ value, count }) => {
              const label = labelFacetValue(facet, value);
              const isPicked = picked.includes(value);
              return (
                <li key={String(value)}>
                  <label
                    className={`flex max-w-[22rem] cursor-pointer items-center gap-1 rounded border px-1.5 py-0.5 ${
                      isPicked
                        ? 'border-sky-700 bg-sky-50 text-sky-900 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100'
                        : 'border-zinc-300 bg-white text-zinc-800 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200'
                    }`}
                    title={label}
                    data-value={String(value)}
                    data-count={count}
                  >
                    <input type="checkbox" checked={isPicked} onChange={() => onToggle(value)} />
                    <span className="truncate font-mono">{label}</span>
                    <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
                      {formatCount(count)}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {matching.length > shown.length && (
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">
              {formatCount(matching.length - shown.length)} more: type in the field to find them.
            </p>
          )}
        </>
      )}
    </div>
  );
}
