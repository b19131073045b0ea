// The tool calls of an aligned step and their results side by side (issue 23 "tool-result diffs"):
// matched by name and arguments, each pair's status and its result text with the differences marked.

import { useMemo } from 'react';
import type { AlignedStep, OutlineStep } from '../../log/index.ts';
import type { CompareMessage, LogClient } from '../../worker/client.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { STATUS_LABEL, STATUS_TONE } from './compare-model.ts';
import { TextDiff } from './TextDiff.tsx';

interface Props {
  client: LogClient;
  compareId: number;
  other: number;
  aligned: AlignedStep;
  stepA: OutlineStep | null;
  stepB: OutlineStep | null;
}

export function ToolResultDiffs({ client, compareId, other, aligned, stepA, stepB }: Props) {
  const seqsA = useMemo(
    () => aligned.calls.map((call) => (call.a === null ? null : (stepA?.calls[call.a]?.resultSeq ?? null))),
    [aligned, stepA],
  );
  const seqsB = useMemo(
    () => aligned.calls.map((call) => (call.b === null ? null : (stepB?.calls[call.b]?.resultSeq ?? null))),
    [aligned, stepB],
  );
  const resultsA = useWorkerQuery(
    () =>
      client.query({
        kind: 'compare-messages',
        compareId,
        run: 0,
        seqs: seqsA.filter((seq) => seq !== null),
      }),
    [client, compareId, seqsA],
  );
  const resultsB = useWorkerQuery(
    () =>
      client.query({
        kind: 'compare-messages',
        compareId,
        run: other,
        seqs: seqsB.filter((seq) => seq !== null),
      }),
    [client, compareId, other, seqsB],
  );
  if (aligned.calls.length === 0) return null;
  const bySeq = (answer: typeof resultsA) =>
    new Map(
      (answer.status === 'ready' ? answer.value : []).map((message: CompareMessage) => [
        message.seq,
        message,
      ]),
    );
  const messagesA = bySeq(resultsA);
  const messagesB = bySeq(resultsB);
  return (
    <section
      aria-label="Tool calls and results"
      className="flex flex-col gap-1 p-2 text-xs"
      data-testid="tool-result-diffs"
    >
      <h3 className="font-semibold">Tool calls ({aligned.calls.length})</h3>
      {aligned.calls.map((call, index) => {
        const callA = call.a === null ? null : (stepA?.calls[call.a] ?? null);
        const callB = call.b === null ? null : (stepB?.calls[call.b] ?? null);
        const resultA = seqsA[index] == null ? undefined : messagesA.get(seqsA[index]);
        const resultB = seqsB[index] == null ? undefined : messagesB.get(seqsB[index]);
        return (
          <div
            key={index}
            className={`rounded border p-1 ${STATUS_TONE[call.status]}`}
            data-testid="tool-call-diff"
            data-status={call.status}
          >
            <div>
              <span className="font-mono">{revealInvisibleCharacters(call.name)}</span> ·{' '}
              {STATUS_LABEL[call.status]}
              {call.differs.length > 0 && ` (${call.differs.join(', ')})`} · A {callA?.status ?? '—'}, B{' '}
              {callB?.status ?? '—'}
            </div>
            {resultA !== undefined && resultB !== undefined ? (
              resultA.hash === resultB.hash ? (
                <div className="text-zinc-600 dark:text-zinc-400">
                  the same result ({resultA.text.length.toLocaleString('en')} characters)
                </div>
              ) : (
                <TextDiff a={resultA.text} b={resultB.text} />
              )
            ) : (
              <div className="text-zinc-600 dark:text-zinc-400">
                {(resultA ?? resultB) ? `result only in ${resultA ? 'A' : 'B'}` : 'no result on either side'}
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
