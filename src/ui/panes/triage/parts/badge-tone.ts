// The triage badges' tones: their classes, and the tone of a tool call's classification.
import type { TriageCall } from '../../../../log/index.ts';

/** Classes of each badge tone, light and dark. */
export const BADGE_TONE_CLASSES = {
  bad: 'bg-red-100 text-red-800 ring-red-300 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-800',
  warn: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800',
  ok: 'bg-emerald-100 text-emerald-800 ring-emerald-300 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800',
  info: 'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600',
} as const;

export type BadgeTone = keyof typeof BADGE_TONE_CLASSES;

/** The tone of a failed call's classification: unknown outcomes and errors are bad, the rest (refused: nothing ran) a warning. */
export function classificationTone(classification: TriageCall['classification']): BadgeTone {
  switch (classification) {
    case 'TOOL_OUTCOME_UNKNOWN':
      return 'bad';
    case 'TOOL_NOT_STARTED':
      return 'warn';
    case 'error':
      return 'bad';
    case 'no-result':
      return 'warn';
    case 'refused':
      return 'warn';
  }
}
