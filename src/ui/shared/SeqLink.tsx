// A seq shown as a link to its event: one click hands the seq to `onJump` (the caller moves the
// store cursor, so every pane follows). The one seq link of the app: model-view cards and triage
// sections alike; e2e finds it by `data-seq-link`. Without a seq it shows a dash; without `onJump`
// (a view that cannot move the cursor) the label as plain text.
import type { ReactNode } from 'react';

export function SeqLink({
  seq,
  onJump,
  title,
  children,
}: {
  seq: number | null;
  onJump: ((seq: number) => void) | undefined;
  /** What the link leads to, for the tooltip; default "Go to seq N". */
  title?: string;
  /** The label; default "#N". */
  children?: ReactNode;
}) {
  if (seq === null) return <span className="font-mono text-zinc-600 dark:text-zinc-400">—</span>;
  const label = children ?? `#${seq}`;
  if (onJump === undefined) return <span className="font-mono">{label}</span>;
  return (
    <button
      type="button"
      data-seq-link={seq}
      onClick={() => onJump(seq)}
      className="rounded font-mono text-sky-700 underline decoration-sky-300 underline-offset-2 hover:bg-sky-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-sky-300 dark:decoration-sky-700 dark:hover:bg-sky-950"
      title={title ?? `Go to seq ${seq}`}
    >
      {label}
    </button>
  );
}
