// The two model views at the aligned seqs (issue 23): what each run's model would be sent there,
// messages paired by content (LCS over their hashes), the same ones folded, the differing ones with
// their in-text differences marked (A's removed parts on the left, B's added parts on the right).

import { useMemo } from 'react';
import type { CompareMessage, CompareViewAnswer, LogClient } from '../../worker/client.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { STATUS_LABEL, STATUS_TONE, alignMessages, foldSameRuns } from './compare-model.ts';
import { TextDiff } from './TextDiff.tsx';

/** Characters of an unchanged message shown before "…". */
const SAME_PREVIEW_CHARS = 400;

function Cell({
  message,
  other,
  side,
}: {
  message: CompareMessage | null;
  other: CompareMessage | null;
  side: 'a' | 'b';
}) {
  if (message === null)
    return (
      <div className="rounded border border-dashed border-zinc-300 p-1 text-xs text-zinc-500 dark:border-zinc-700">
        not in {side.toUpperCase()}
      </div>
    );
  return (
    <div
      className="min-w-0 rounded border border-zinc-200 p-1 dark:border-zinc-800"
      data-testid={`compare-message-${side}`}
      data-seq={message.seq}
    >
      <div className="mb-0.5 text-[10px] uppercase tracking-wide text-zinc-500">
        {message.role}
        {message.isError && ' · error'} · seq {message.seq}
      </div>
      {other !== null && other.hash !== message.hash ? (
        <TextDiff
          a={side === 'a' ? message.text : other.text}
          b={side === 'a' ? other.text : message.text}
          show={side}
        />
      ) : (
        <div className="untrusted-text whitespace-pre-wrap break-words font-mono text-xs">
          {revealInvisibleCharacters(
            message.text.length > SAME_PREVIEW_CHARS
              ? `${message.text.slice(0, SAME_PREVIEW_CHARS)}…`
              : message.text,
          )}
        </div>
      )}
    </div>
  );
}

export function CompareModelViews({
  client,
  compareId,
  other,
  seqs,
}: {
  client: LogClient;
  compareId: number;
  other: number;
  seqs: [number, number];
}) {
  const [seqA, seqB] = seqs;
  const viewA = useWorkerQuery<CompareViewAnswer>(
    () => client.query({ kind: 'compare-view', compareId, run: 0, seq: seqA }),
    [client, compareId, seqA],
  );
  const viewB = useWorkerQuery<CompareViewAnswer>(
    () => client.query({ kind: 'compare-view', compareId, run: other, seq: seqB }),
    [client, compareId, other, seqB],
  );
  const rows = useMemo(
    () =>
      viewA.status === 'ready' && viewB.status === 'ready'
        ? foldSameRuns(alignMessages(viewA.value.messages, viewB.value.messages))
        : null,
    [viewA, viewB],
  );
  if (viewA.status === 'failed' || viewB.status === 'failed')
    return (
      <p role="alert" className="p-2 text-xs text-rose-700">
        {viewA.status === 'failed' ? viewA.message : viewB.status === 'failed' ? viewB.message : ''}
      </p>
    );
  if (rows === null) return <p className="p-2 text-xs text-zinc-500">Reading both model views…</p>;
  const differing = rows.filter((row) => row.kind === 'row' && row.row.status !== 'same').length;
  return (
    <section
      aria-label="Model views side by side"
      data-testid="compare-model-views"
      className="flex flex-col gap-1 p-2"
    >
      <h3 className="text-xs font-semibold">
        Model views at seq {seqA} (A) and {seqB} (B):{' '}
        {differing === 0 ? 'the same messages' : `${differing} message${differing === 1 ? '' : 's'} differ`}
      </h3>
      {rows.map((entry, index) =>
        entry.kind === 'fold' ? (
          <div key={entry.key} className="text-center text-[11px] text-zinc-500">
            {entry.count} identical message{entry.count === 1 ? '' : 's'}
          </div>
        ) : (
          <div
            key={index}
            data-testid="compare-message-row"
            data-status={entry.row.status}
            className="grid grid-cols-[auto_1fr_1fr] items-start gap-1"
          >
            <span className={`rounded border px-1 text-[10px] ${STATUS_TONE[entry.row.status]}`}>
              {STATUS_LABEL[entry.row.status]}
            </span>
            <Cell message={entry.row.a} other={entry.row.b} side="a" />
            <Cell message={entry.row.b} other={entry.row.a} side="b" />
          </div>
        ),
      )}
    </section>
  );
}
