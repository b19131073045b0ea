// The event detail below the events list: the cursor's event (or the one pinned), its full JSON
// (expandable tree, copy; the branches holding the searched text open), where it was built from in
// one line, and its links to related events.
import { memo, useCallback, useState } from 'react';
import type { EventDetail as EventDetailData } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { JsonTree } from '../../shared/JsonTree.tsx';
import { formatEpoch } from '../../shared/format.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { colorOfEventType, titleOfEventType } from './event-kind-cards.ts';
import { useDetailSeq } from './use-detail-seq.ts';
import { SessionLinkChips } from '../../session-links/SessionLinkChips.tsx';
import { CommandPairing } from './CommandPairing.tsx';
import { ProvenanceLine } from './ProvenanceLine.tsx';

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

/**
 * The detail area: follows the cursor, or stays on its event while pinned (a pressed Pin button, a
 * "pinned: seq N" label and an amber frame say so; one click on Pin, or `p`, lets it follow again).
 * `onJump` follows a link (a jump: the cursor goes there; a pinned detail stays pinned).
 */
export function EventDetail({ eventCount, onJump }: { eventCount: number; onJump: (seq: number) => void }) {
  const { seq, isPinned, followedSeq } = useDetailSeq();
  const actions = useViewer((state) => state.actions);
  const onTogglePin = useCallback(() => actions.pinDetail(isPinned ? null : seq), [actions, isPinned, seq]);
  if (seq === null || seq >= eventCount) return null;
  return (
    <div
      className={`h-full min-h-0 ${
        isPinned
          ? 'border-2 border-amber-500 dark:border-amber-400'
          : 'border-t-2 border-zinc-200 dark:border-zinc-700'
      }`}
    >
      <EventDetailPanel
        seq={seq}
        isPinned={isPinned}
        cursorSeq={isPinned ? followedSeq : null}
        onTogglePin={onTogglePin}
        onJump={onJump}
      />
    </div>
  );
}

interface EventDetailPanelProps {
  seq: number;
  isPinned: boolean;
  /** While pinned: where the cursor rests (null unpinned, so a move does not re-render the panel). */
  cursorSeq: number | null;
  onTogglePin: () => void;
  onJump: (seq: number) => void;
}

/** Detail of `seq`. While the next seq's detail is on its way, the last one stays (no blank flash). */
const EventDetailPanel = memo(function EventDetailPanel({
  seq,
  isPinned,
  cursorSeq,
  onTogglePin,
  onJump,
}: EventDetailPanelProps) {
  const client = useViewer((state) => state.client);
  const generation = useViewer((state) => state.logGeneration);
  const searchText = useViewer((state) => state.searchHighlight?.text ?? '');
  const detail = useWorkerQuery(() => client.query({ kind: 'event', seq }), [client, seq], {
    log: generation,
  });
  const [lastShown, setLastShown] = useState<{ generation: number; event: EventDetailData } | null>(null);
  if (detail.status === 'ready' && lastShown?.event !== detail.value)
    setLastShown({ generation, event: detail.value });

  if (detail.status === 'failed')
    return (
      <div className="p-3 text-xs text-red-700 dark:text-red-300">
        Could not read seq {seq}: {detail.message}
      </div>
    );
  const event =
    detail.status === 'ready' ? detail.value : lastShown?.generation === generation ? lastShown.event : null;
  if (event === null)
    return <div className="p-3 text-xs text-zinc-600 dark:text-zinc-400">Loading seq {seq}…</div>;
  return (
    <div
      className="flex h-full flex-col"
      data-testid="event-detail"
      data-search-scope
      data-seq={event.seq}
      data-pinned={isPinned}
      aria-busy={detail.status === 'waiting'}
    >
      <div
        className={`flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-3 py-1.5 text-xs ${
          isPinned
            ? 'border-amber-300 bg-amber-100/70 dark:border-amber-900 dark:bg-amber-950/50'
            : 'border-zinc-200 dark:border-zinc-800'
        }`}
      >
        <span className="font-mono font-semibold">seq {event.seq}</span>
        <span className={`font-mono ${colorOfEventType(event.type)}`}>
          {revealInvisibleCharacters(event.type)}
        </span>
        {titleOfEventType(event.type) !== null && (
          <span data-testid="detail-kind-title" className="text-zinc-600 dark:text-zinc-400">
            {titleOfEventType(event.type)}
          </span>
        )}
        <span className="text-zinc-600 dark:text-zinc-400">{formatEpoch(event.time)}</span>
        <span className="text-zinc-600 dark:text-zinc-400">
          line {event.lineNumber}
          {event.member >= 0 && ` · packed row member ${event.member} of ${event.rowEventCount}`}
        </span>
        <span className="ml-auto flex items-center gap-2">
          {isPinned && cursorSeq !== null && cursorSeq !== seq && (
            <span data-testid="detail-cursor-hint" className="text-zinc-600 dark:text-zinc-400">
              cursor at seq {cursorSeq}
            </span>
          )}
          {isPinned && (
            <span
              data-testid="detail-pinned-label"
              className="font-mono font-semibold text-amber-800 dark:text-amber-200"
            >
              pinned: seq {seq}
            </span>
          )}
          <PinButton isPinned={isPinned} onToggle={onTogglePin} />
        </span>
      </div>
      {event.command && <CommandPairing facts={event.command} onJump={onJump} />}
      {event.provenance && <ProvenanceLine provenance={event.provenance} onJump={onJump} />}
      <div className="px-3 empty:hidden">
        <SessionLinkChips seqs={[event.seq]} />
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
        <JsonTree value={event.stored} rawText={safeStringify(event.stored)} searchText={searchText} />
      </div>
    </div>
  );
});

/** The pin toggle: pressed while the detail is pinned. */
function PinButton({ isPinned, onToggle }: { isPinned: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={isPinned}
      onClick={onToggle}
      title={
        isPinned
          ? 'Unpin: the detail follows the cursor again (p)'
          : 'Pin: keep this event here while the cursor moves (p)'
      }
      className={`flex items-center gap-1 rounded border px-1.5 py-0.5 ${
        isPinned
          ? 'border-amber-500 bg-amber-500 font-semibold text-white hover:bg-amber-600 dark:border-amber-400 dark:bg-amber-400 dark:text-zinc-950 dark:hover:bg-amber-300'
          : 'border-zinc-300 bg-white text-zinc-700 hover:border-amber-500 hover:bg-amber-50 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-amber-950'
      }`}
    >
      <svg aria-hidden viewBox="0 0 16 16" className="h-3 w-3" fill="currentColor">
        <path d="M9.8 1.2a.8.8 0 0 1 1.1 0l3.9 3.9a.8.8 0 0 1 0 1.1l-1 1a.8.8 0 0 1-.9.2l-1.4 1.4.3 2.5a.8.8 0 0 1-.2.7l-.8.8a.8.8 0 0 1-1.1 0L7.2 10.3 3.4 14.1a.5.5 0 0 1-.7-.7L6.5 9.6 4 7.1a.8.8 0 0 1 0-1.1l.8-.8a.8.8 0 0 1 .7-.2l2.5.3 1.4-1.4a.8.8 0 0 1 .2-.9z" />
      </svg>
      Pin
    </button>
  );
}
