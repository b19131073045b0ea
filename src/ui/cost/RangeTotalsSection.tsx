// The totals of a selected seq range (Shift-drag on the timeline, or two seqs here): wall, model,
// tool and approval time, tokens, cost, calls, errors. The selection is in the URL (?range=a-b).
import { useState } from 'react';
import { useViewer } from '../../store/use-viewer.ts';
import { usePriceEdits } from '../../store/use-price-edits.ts';
import { useRangeSelection } from '../../store/range-selection.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { TotalsView } from './TotalsView.tsx';

export function RangeTotalsSection() {
  const client = useViewer((state) => state.client);
  const logGeneration = useViewer((state) => state.logGeneration);
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const eventCount = useViewer((state) => state.summary?.eventCount ?? 0);
  const edits = usePriceEdits((state) => state.edits);
  const range = useRangeSelection((state) => state.range);
  const setRange = useRangeSelection((state) => state.setRange);
  const [draft, setDraft] = useState<{ first: string; last: string } | null>(null);
  const shown = draft ?? {
    first: range ? String(range.firstSeq) : '',
    last: range ? String(range.lastSeq) : '',
  };
  const answer = useWorkerQuery(
    () =>
      range === null
        ? null
        : client.query({ kind: 'cost-range', firstSeq: range.firstSeq, lastSeq: range.lastSeq, edits }),
    [client, range, edits],
    { log: logGeneration },
  );
  const apply = (first: string, last: string) => {
    setDraft(null);
    const firstSeq = Number(first);
    const lastSeq = Number(last);
    if (
      first.trim() === '' ||
      last.trim() === '' ||
      !Number.isInteger(firstSeq) ||
      !Number.isInteger(lastSeq)
    )
      return;
    setRange({ firstSeq: Math.min(firstSeq, eventCount - 1), lastSeq: Math.min(lastSeq, eventCount - 1) });
  };
  const cursor = cursorSeq ?? Math.max(0, eventCount - 1);
  const button = 'rounded border border-zinc-300 px-2 dark:border-zinc-600';
  return (
    <div className="space-y-1 text-xs" data-testid="range-section">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          apply(shown.first, shown.last);
        }}
      >
        <label className="flex items-center gap-1">
          from seq
          <input
            aria-label="range first seq"
            inputMode="numeric"
            value={shown.first}
            onChange={(event) => setDraft({ ...shown, first: event.target.value })}
            className="w-20 rounded border border-zinc-300 bg-white px-1 font-mono dark:border-zinc-600 dark:bg-zinc-900"
          />
        </label>
        <label className="flex items-center gap-1">
          to
          <input
            aria-label="range last seq"
            inputMode="numeric"
            value={shown.last}
            onChange={(event) => setDraft({ ...shown, last: event.target.value })}
            className="w-20 rounded border border-zinc-300 bg-white px-1 font-mono dark:border-zinc-600 dark:bg-zinc-900"
          />
        </label>
        <button type="submit" className={button}>
          Total
        </button>
        <button
          type="button"
          className={button}
          onClick={() => apply(String(cursor), shown.last || String(cursor))}
        >
          From cursor
        </button>
        <button type="button" className={button} onClick={() => apply(shown.first || '0', String(cursor))}>
          To cursor
        </button>
        {range && (
          <button type="button" className={button} onClick={() => setRange(null)}>
            Clear
          </button>
        )}
      </form>
      {range === null && (
        <p className="text-zinc-600 dark:text-zinc-400">
          Shift-drag on the timeline, or type two seqs, to total a part of the run.
        </p>
      )}
      {range && answer.status === 'ready' && (
        <TotalsView totals={answer.value.totals} label={answer.value.label} testId="range-totals" />
      )}
    </div>
  );
}
