// A keyboard key cap.
import type { ReactNode } from 'react';

/** Shows a key name as a small key cap. */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-[11px] text-zinc-700 shadow-[0_1px_0_rgba(0,0,0,0.15)] dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200">
      {children}
    </kbd>
  );
}
