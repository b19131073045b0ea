// A status badge: a glyph and a word on a tinted ground, so the status never rests on colour alone.
// Every tone keeps text contrast at or above 4.5:1 in the light and the dark theme.

import type { StatusTone } from './status-tone.ts';

const TONE_CLASSES: Record<StatusTone, string> = {
  ok: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-900/70 dark:text-emerald-50 dark:ring-emerald-700',
  error: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-900/70 dark:text-red-50 dark:ring-red-700',
  warning:
    'bg-amber-100 text-amber-950 ring-amber-300 dark:bg-amber-900/70 dark:text-amber-50 dark:ring-amber-700',
  pending: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-900/70 dark:text-sky-50 dark:ring-sky-700',
  neutral: 'bg-zinc-200 text-zinc-800 ring-zinc-300 dark:bg-zinc-700 dark:text-zinc-50 dark:ring-zinc-500',
};

const TONE_GLYPHS: Record<StatusTone, string> = {
  ok: '✓',
  error: '✕',
  warning: '!',
  pending: '…',
  neutral: '–',
};

/** `label` is the status in words (what a screen reader and a test read); `title` explains it. */
export function StatusBadge({
  tone,
  label,
  title,
  testId,
  isSmall = false,
}: {
  tone: StatusTone;
  label: string;
  title?: string;
  testId?: string;
  /** A list row's size: 10 px text, tight padding, and it may be cut (the tooltip says the rest). */
  isSmall?: boolean;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded font-semibold ring-1 ring-inset ${
        isSmall ? 'min-w-0 overflow-hidden px-1 text-[10px] leading-4' : 'px-1.5 py-px text-[11px]'
      } ${TONE_CLASSES[tone]}`}
      title={title}
      data-testid={testId}
      data-tone={tone}
    >
      <span aria-hidden>{TONE_GLYPHS[tone]}</span>
      {label}
    </span>
  );
}
