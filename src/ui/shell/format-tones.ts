// Colours and short labels of the format verdicts (the generation badge and its panel).
import type { CurrentVerdictStatus, Verdict } from '../../log/index.ts';

/** Classes of each tone, light and dark. */
export const TONE_CLASSES = {
  good: 'bg-emerald-100 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-800',
  warn: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-800',
  bad: 'bg-red-100 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-300 dark:ring-red-800',
} as const;

export type FormatTone = keyof typeof TONE_CLASSES;

/** What current dsh does, in two or three words. */
export const CURRENT_STATUS_LABELS: Record<CurrentVerdictStatus, string> = {
  ok: 'loads it',
  migrates: 'migrates it',
  refuses: 'refuses it',
  corrupt: 'refuses it as corrupt',
  newer: 'refuses it: newer format',
};

/** The tone of the writing release's verdict. */
export function writerTone(status: Verdict['status']): FormatTone {
  return status === 'ok' ? 'good' : status === 'corrupt' ? 'bad' : 'warn';
}

/** The tone of current dsh's verdict: loaded or migrated is good, refused is a warning, corrupt is bad. */
export function currentTone(status: CurrentVerdictStatus): FormatTone {
  switch (status) {
    case 'ok':
    case 'migrates':
      return 'good';
    case 'refuses':
    case 'newer':
      return 'warn';
    case 'corrupt':
      return 'bad';
  }
}
