// One titled section of the triage panel, numbered when it is a step of the reading order.
import type { ReactNode } from 'react';

/** A section with a heading (`step` numbers it) and a data-testid. */
export function Section({
  title,
  step,
  children,
  testId,
}: {
  title: string;
  step?: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section data-testid={testId} className="border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <h3 className="mb-1 text-[11px] font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {step !== undefined ? `${step}. ` : ''}
        {title}
      </h3>
      {children}
    </section>
  );
}
