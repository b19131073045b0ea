// The request diff of an aligned step (issue 23): route and sampling field by field, the system
// prompt as a line diff, tools added / removed / with a changed schema (the schema as a line diff).

import type { CompareRequestAnswer, LogClient } from '../../worker/client.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { TextDiff } from './TextDiff.tsx';

const CONFIG_FIELDS = ['provider', 'model', 'reasoningEffort', 'temperature', 'maxTokens', 'stop'] as const;

function show(value: unknown): string {
  return value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
}

function Diffs({ a, b }: { a: CompareRequestAnswer; b: CompareRequestAnswer }) {
  const fields = CONFIG_FIELDS.map((field) => ({
    field,
    a: show(a.config?.[field]),
    b: show(b.config?.[field]),
  }));
  const toolsA = new Map(a.tools.map((tool) => [tool.name, tool.text]));
  const toolsB = new Map(b.tools.map((tool) => [tool.name, tool.text]));
  const added = [...toolsB.keys()].filter((name) => !toolsA.has(name));
  const removed = [...toolsA.keys()].filter((name) => !toolsB.has(name));
  const changed = [...toolsA.keys()].filter(
    (name) => toolsB.has(name) && toolsB.get(name) !== toolsA.get(name),
  );
  const isSame =
    fields.every((row) => row.a === row.b) &&
    a.system === b.system &&
    added.length + removed.length + changed.length === 0;
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="request-diff" data-same={isSame}>
      <table className="w-fit border-collapse">
        <tbody>
          {fields.map((row) => (
            <tr
              key={row.field}
              className={
                row.a === row.b ? 'text-zinc-500' : 'font-semibold text-amber-900 dark:text-amber-200'
              }
            >
              <th className="pr-2 text-left font-normal">{row.field}</th>
              <td className="pr-2 font-mono">{revealInvisibleCharacters(row.a)}</td>
              <td className="font-mono">{row.a === row.b ? '' : `→ ${revealInvisibleCharacters(row.b)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        System prompt:{' '}
        {a.system === b.system ? `the same (${a.system.length.toLocaleString('en')} characters)` : 'differs'}
        {a.system !== b.system && <TextDiff a={a.system} b={b.system} byLines />}
      </div>
      <div>
        Tools: {a.tools.length} in A, {b.tools.length} in B
        {added.length > 0 && (
          <>
            {' '}
            · added in B: <span className="font-mono">{added.map(revealInvisibleCharacters).join(', ')}</span>
          </>
        )}
        {removed.length > 0 && (
          <>
            {' '}
            · removed in B:{' '}
            <span className="font-mono">{removed.map(revealInvisibleCharacters).join(', ')}</span>
          </>
        )}
        {changed.length === 0 && added.length + removed.length === 0 && ' · the same schemas'}
      </div>
      {changed.map((name) => (
        <details key={name} open>
          <summary>
            schema of <span className="font-mono">{revealInvisibleCharacters(name)}</span> differs
          </summary>
          <TextDiff a={toolsA.get(name) ?? ''} b={toolsB.get(name) ?? ''} byLines />
        </details>
      ))}
    </div>
  );
}

export function RequestDiff({
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
  const a = useWorkerQuery(
    () => client.query({ kind: 'compare-request', compareId, run: 0, seq: seqA }),
    [client, compareId, seqA],
  );
  const b = useWorkerQuery(
    () => client.query({ kind: 'compare-request', compareId, run: other, seq: seqB }),
    [client, compareId, other, seqB],
  );
  return (
    <section aria-label="Request diff" className="p-2">
      <h3 className="text-xs font-semibold">Request in force</h3>
      {a.status === 'ready' && b.status === 'ready' ? (
        <Diffs a={a.value} b={b.value} />
      ) : a.status === 'failed' || b.status === 'failed' ? (
        <p role="alert" className="text-xs text-rose-700">
          The request could not be read.
        </p>
      ) : (
        <p className="text-xs text-zinc-500">Reading both requests…</p>
      )}
    </section>
  );
}
