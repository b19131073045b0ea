// The selected event: its full JSON (expandable tree, copy) and its links to related events.
import { useViewer } from '../../../store/use-viewer.ts';
import { JsonTree } from '../../shared/JsonTree.tsx';
import { formatEpoch } from '../../shared/format.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { colorOfEventType } from './event-colors.ts';

/** Raw JSON longer than this (characters) is not put on the clipboard by Copy; the tree still shows it. */
const COPY_TEXT_MAX_CHARS = 20_000_000;

function safeStringify(value: unknown): string {
  try {
    const text = JSON.stringify(value, null, 2);
    return text.length > COPY_TEXT_MAX_CHARS ? text.slice(0, COPY_TEXT_MAX_CHARS) : text;
  } catch {
    // Circular or too deep to stringify (the tree view bounds its own depth).
    return '';
  }
}

/** Detail of `seq`; `onJump` moves the cursor (and selection) to a linked event. */
export function EventDetailPanel({ seq, onJump }: { seq: number; onJump: (seq: number) => void }) {
  const client = useViewer((state) => state.client);
  const generation = useViewer((state) => state.logGeneration);
  const detail = useWorkerQuery(() => client.query({ kind: 'event', seq }), [client, seq], {
    log: generation,
  });

  if (detail.status === 'waiting') return <div className="p-3 text-xs text-zinc-500">Loading seq {seq}…</div>;
  if (detail.status === 'failed')
    return (
      <div className="p-3 text-xs text-red-700 dark:text-red-300">
        Could not read seq {seq}: {detail.message}
      </div>
    );
  const event = detail.value;
  return (
    <div className="flex h-full flex-col" data-testid="event-detail" data-seq={event.seq}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-3 py-1.5 text-xs dark:border-zinc-800">
        <span className="font-mono font-semibold">seq {event.seq}</span>
        <span className={`font-mono ${colorOfEventType(event.type)}`}>
          {revealInvisibleCharacters(event.type)}
        </span>
        <span className="text-zinc-500">{formatEpoch(event.time)}</span>
        <span className="text-zinc-500">
          line {event.lineNumber}
          {event.member >= 0 && ` · packed row member ${event.member} of ${event.rowEventCount}`}
        </span>
      </div>
      {event.links.length > 0 && (
        <div
          className="flex flex-wrap gap-1 border-b border-zinc-200 px-3 py-1.5 text-xs dark:border-zinc-800"
          aria-label="Links"
        >
          {event.links.map((link) => (
            <button
              type="button"
              key={`${link.label}-${link.seq}`}
              onClick={() => onJump(link.seq)}
              className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 hover:border-sky-400 hover:bg-sky-50 dark:border-zinc-600 dark:bg-zinc-800 dark:hover:bg-sky-950"
            >
              {revealInvisibleCharacters(link.label)}{' '}
              <span className="font-mono text-sky-700 dark:text-sky-300">→ {link.seq}</span>
            </button>
          ))}
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-auto px-2 py-1">
        <JsonTree value={event.stored} rawText={safeStringify(event.stored)} />
      </div>
    </div>
  );
}
