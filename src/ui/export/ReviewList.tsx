// The review pane of an export: every secret found, grouped by rule, each with its mask, its count
// and where it is (seq, field, the text around it, shown as text), and Mask / Leave.

import type { FoundSecret } from '../../log/index.ts';
import { toPlainLine } from '../../log/index.ts';
import { groupByRule, type Decision } from './share-choices.ts';

interface ReviewListProps {
  secrets: readonly FoundSecret[];
  decisions: Record<string, Decision>;
  onDecide: (hash: string, decision: Decision) => void;
  onDecideAll: (decision: Decision) => void;
  stringCount: number;
}

const CHOICE = 'rounded border px-1.5 text-xs';

export function ReviewList({ secrets, decisions, onDecide, onDecideAll, stringCount }: ReviewListProps) {
  if (secrets.length === 0)
    return (
      <p data-testid="export-review-empty">
        No secret found in {stringCount.toLocaleString('en-US')} strings. Add a text above to redact it
        anyway.
      </p>
    );
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-xs">
        <span>
          {secrets.length} secret{secrets.length === 1 ? '' : 's'} found in{' '}
          {stringCount.toLocaleString('en-US')} strings; masked unless you leave them.
        </span>
        <button type="button" className={CHOICE} onClick={() => onDecideAll('mask')}>
          Mask all
        </button>
      </div>
      {groupByRule(secrets).map(([rule, group]) => (
        <section key={rule} aria-label={`Rule ${rule}`} data-testid="export-rule-group">
          <h3 className="text-xs font-semibold">
            {rule} <span className="font-normal text-zinc-500">({group.length})</span>
          </h3>
          <ul className="flex flex-col gap-1">
            {group.map((secret) => {
              const decision = decisions[secret.hash];
              const where = secret.occurrences[0];
              return (
                <li
                  key={secret.hash}
                  className="rounded bg-zinc-50 p-1 text-xs dark:bg-zinc-800"
                  data-testid="export-hit"
                >
                  <div className="flex items-center gap-2">
                    <code className="text-zinc-500">{secret.mask}</code>
                    <span>×{secret.count}</span>
                    {where && (
                      <span className="text-zinc-500">
                        {where.seq === null ? `line ${where.line}` : `seq ${where.seq}`} · {where.field}
                      </span>
                    )}
                    <span className="ml-auto flex gap-1">
                      <button
                        type="button"
                        aria-pressed={decision === 'mask'}
                        className={`${CHOICE} ${decision === 'mask' ? 'bg-emerald-100 dark:bg-emerald-900' : ''}`}
                        onClick={() => onDecide(secret.hash, 'mask')}
                      >
                        Mask
                      </button>
                      <button
                        type="button"
                        aria-pressed={decision === 'leave'}
                        className={`${CHOICE} ${decision === 'leave' ? 'bg-amber-100 dark:bg-amber-900' : ''}`}
                        onClick={() => onDecide(secret.hash, 'leave')}
                      >
                        Leave
                      </button>
                    </span>
                  </div>
                  {where && (
                    <div className="mt-0.5 font-mono break-all whitespace-pre-wrap">
                      …{toPlainLine(where.before, 60)}
                      <mark className="bg-red-200 dark:bg-red-900">{toPlainLine(secret.secret, 80)}</mark>
                      {toPlainLine(where.after, 60)}…
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
