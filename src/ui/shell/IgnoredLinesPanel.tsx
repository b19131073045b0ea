// The lines dsh ignores after the first damage, as raw text (FORMAT.md §3.3): opened from their
// `ignored-tail` problem, virtualized, each with its line number and byte offset, shown inert
// through the cleaner and marked as not events.
import { useCallback, useEffect, useState } from 'react';
import type { IgnoredLine, IgnoredLinesPage } from '../../log/index.ts';
import { useBlockCache } from '../../store/use-block-cache.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { formatCount } from '../shared/format.ts';
import { placeVirtualItem, useVirtualList } from '../shared/use-virtual-list.ts';
import { previewText, revealInvisibleCharacters } from '../shared/visible-text.ts';

const LINE_ROW_HEIGHT_PX = 22;
const LINE_BLOCK_SIZE = 200;
const OVERSCAN_LINES = 20;
/** Characters of a line shown in its row (the rest is in its tooltip's byte count). */
const LINE_PREVIEW_CHARS = 400;

function estimateLineSize(): number {
  return LINE_ROW_HEIGHT_PX;
}

function keyLineByIndex(index: number): number {
  return index;
}

/** One ignored range, `firstLine`…`lastLine`; `onBack` returns to the problem list. */
export function IgnoredLinesPanel({
  firstLine,
  lastLine,
  onBack,
}: {
  firstLine: number;
  lastLine: number;
  onBack: () => void;
}) {
  const client = useViewer((state) => state.client);
  const generation = useViewer((state) => state.logGeneration);
  const [range, setRange] = useState<IgnoredLinesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    client.query({ kind: 'ignored-lines', fromLine: firstLine, count: 0 }).then(
      (page) => {
        if (isCurrent) setRange(page);
      },
      (failure: unknown) => {
        if (isCurrent) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [client, firstLine, generation]);
  const fetchLines = useCallback(
    (start: number, count: number) =>
      client
        .query({ kind: 'ignored-lines', fromLine: firstLine + start, count })
        .then((page) => page?.lines ?? []),
    [client, firstLine],
  );
  const lines = useBlockCache<IgnoredLine>(fetchLines, LINE_BLOCK_SIZE, `${generation}-${firstLine}`);
  const keptCount = range?.lastKeptLine != null ? range.lastKeptLine - firstLine + 1 : 0;
  const { scrollRef, items, totalSizePx } = useVirtualList({
    count: keptCount,
    estimateSize: estimateLineSize,
    overscan: OVERSCAN_LINES,
    getItemKey: keyLineByIndex,
  });
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= first) lines.ensureRange(first, last);
  }, [first, last, lines]);

  const total = lastLine - firstLine + 1;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="ignored-lines" aria-label="Ignored lines">
      <div className="border-b border-zinc-200 px-3 py-2 text-xs dark:border-zinc-800">
        <button
          type="button"
          onClick={onBack}
          className="mb-1 rounded px-1 text-sky-700 hover:bg-zinc-100 dark:text-sky-300 dark:hover:bg-zinc-800"
        >
          ← Problems
        </button>
        <p>
          <span className="mr-1 rounded bg-zinc-200 px-1 font-mono text-[10px] font-semibold uppercase text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200">
            ignored by dsh
          </span>
          Lines {formatCount(firstLine)}–{formatCount(lastLine)} ({formatCount(total)}) are not events: they
          come after the damaged line{range?.damagedLine != null ? ` ${formatCount(range.damagedLine)}` : ''},
          and dsh ignores everything from there on (FORMAT.md §3.3). Shown as raw text.
        </p>
        {range !== null && keptCount < total && (
          <p className="mt-1 text-amber-800 dark:text-amber-300" data-testid="ignored-lines-cut">
            This viewer kept the text of {keptCount === 0 ? 'none' : `the first ${formatCount(keptCount)}`} of
            them; lines {formatCount(firstLine + keptCount)}–{formatCount(lastLine)} were only counted (open
            the file in a text editor to read them).
          </p>
        )}
        {error && <p className="mt-1 text-red-700">{error}</p>}
      </div>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto">
        <div style={{ height: totalSizePx, position: 'relative' }}>
          {items.map((item) => {
            const line = lines.getItem(item.index);
            return (
              <div
                key={item.key}
                style={{ ...placeVirtualItem(item), height: LINE_ROW_HEIGHT_PX }}
                className="flex items-center gap-2 border-b border-zinc-100 px-3 font-mono text-[11px] dark:border-zinc-800"
              >
                {line ? (
                  <IgnoredLineRow line={line} />
                ) : (
                  <span className="h-2 w-2/3 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function IgnoredLineRow({ line }: { line: IgnoredLine }) {
  const preview = previewText(line.text, LINE_PREVIEW_CHARS);
  const isShortened = line.isCut || preview.hiddenChars > 0;
  return (
    <>
      <span
        className="w-28 shrink-0 text-right text-zinc-500"
        title={`line ${line.line}, bytes ${line.byteOffset}–${line.byteOffset + line.bytes} of the text (${line.bytes} bytes)`}
        data-testid="ignored-line-place"
      >
        L{line.line} @{line.byteOffset}
      </span>
      <span className="min-w-0 flex-1 truncate whitespace-pre text-zinc-700 dark:text-zinc-300">
        {line.bytes === 0 ? (
          <span className="text-zinc-400">(blank line)</span>
        ) : (
          revealInvisibleCharacters(preview.text)
        )}
        {isShortened && <span className="text-zinc-400"> … ({formatCount(line.bytes)} bytes)</span>}
      </span>
    </>
  );
}
