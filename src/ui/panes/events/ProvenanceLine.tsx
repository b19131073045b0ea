// Where an event came from, in one line above its JSON: "built from 314 chunks, seq 735–1047 →",
// instead of a chip per source (an assistant message names every chunk it was built from). The
// arrow goes to the first source; the range's ends are links too.
import type { EventDetail } from '../../../log/index.ts';
import { SeqLink } from '../../shared/SeqLink.tsx';
import { formatCountOf } from '../../shared/count-noun.ts';

type Provenance = NonNullable<EventDetail['provenance']>;

/** "chunks" for assistant/chunk sources, "<type> events" for another shared type, else "events". */
function nounOf(provenance: Provenance): [singular: string, plural: string] {
  if (provenance.type === 'assistant/chunk') return ['chunk', 'chunks'];
  if (provenance.type !== null) return [`${provenance.type} event`, `${provenance.type} events`];
  return ['event', 'events'];
}

export function ProvenanceLine({
  provenance,
  onJump,
}: {
  provenance: Provenance;
  onJump: (seq: number) => void;
}) {
  const [singular, plural] = nounOf(provenance);
  const { firstSeq, lastSeq } = provenance;
  return (
    <div
      data-testid="event-provenance"
      data-source-count={provenance.count}
      className="border-b border-zinc-200 px-3 py-1 text-xs text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
    >
      built from {formatCountOf(provenance.count, singular, plural)}, seq{' '}
      <SeqLink seq={firstSeq} onJump={onJump} title={`Go to the first source, seq ${firstSeq}`}>
        {String(firstSeq)}
      </SeqLink>
      {lastSeq !== firstSeq && (
        <>
          –
          <SeqLink seq={lastSeq} onJump={onJump} title={`Go to the last source, seq ${lastSeq}`}>
            {String(lastSeq)}
          </SeqLink>
        </>
      )}{' '}
      <button
        type="button"
        aria-label={`Go to the first source, seq ${firstSeq}`}
        onClick={() => onJump(firstSeq)}
        className="rounded px-1 text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950"
      >
        →
      </button>
    </div>
  );
}
