// A small labelled badge of the triage panel, coloured by its tone.
import type { ReactNode } from 'react';
import { BADGE_TONE_CLASSES, type BadgeTone } from './badge-tone.ts';

/** A badge; `testId` becomes its data-testid. */
export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded px-1.5 py-px font-mono text-[11px] font-medium ring-1 ring-inset ${BADGE_TONE_CLASSES[tone]}`}
    >
      {children}
    </span>
  );
}
