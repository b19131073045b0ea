// A link-styled button that moves the cursor to a seq (its label says where it leads).
import type { ReactNode } from 'react';

export function SeqLink({
  seq,
  onJump,
  title,
  children,
}: {
  seq: number;
  onJump: ((seq: number) => void) | undefined;
  title: string;
  children: ReactNode;
}) {
  if (onJump === undefined) return <span className="font-mono">{children}</span>;
  return (
    <button
      type="button"
      onClick={() => onJump(seq)}
      className="font-mono text-sky-800 underline-offset-2 hover:underline dark:text-sky-300"
      title={title}
      data-seq-link={seq}
    >
      {children}
    </button>
  );
}
