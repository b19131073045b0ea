// Label / value rows of the triage panel (a definition list).
import type { ReactNode } from 'react';
import { revealInvisibleCharacters } from '../../../shared/visible-text.ts';

/** Rows of `[label, value]`; labels must be unique (they are the keys). A string value is log text: cleaned. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="min-w-0 break-all text-zinc-900 dark:text-zinc-100">
            {typeof value === 'string' ? revealInvisibleCharacters(value) : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
