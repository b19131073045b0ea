// A quiet line of explanation in the triage panel.
import type { ReactNode } from 'react';

/** A muted paragraph. */
export function Muted({ children }: { children: ReactNode }) {
  return <p className="text-xs text-zinc-600 dark:text-zinc-400">{children}</p>;
}
