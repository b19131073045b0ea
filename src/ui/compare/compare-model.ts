// Pure helpers of the compare view: labels, deltas and the message rows of two model views.

import type { AlignStatus, CompareMessageText } from '../../log/index.ts';
import { alignKeys } from '../../log/index.ts';

export const STATUS_LABEL: Record<AlignStatus, string> = {
  same: 'same',
  changed: 'differs',
  'only-a': 'only in A',
  'only-b': 'only in B',
};

/** Tailwind classes per status: one look everywhere in the compare view. */
export const STATUS_TONE: Record<AlignStatus, string> = {
  same: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200',
  changed:
    'border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100',
  'only-a':
    'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950/40 dark:text-rose-200',
  'only-b': 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-200',
};

/** A signed delta for people: "+12", "−3", "±0". */
export function formatDelta(value: number, unit = ''): string {
  if (value === 0) return `±0${unit}`;
  const magnitude = Math.abs(Math.round(value)).toLocaleString('en');
  return `${value > 0 ? '+' : '−'}${magnitude}${unit}`;
}

export function formatDuration(ms: number): string {
  const abs = Math.abs(ms);
  const text =
    abs < 1_000
      ? `${Math.round(abs)} ms`
      : abs < 60_000
        ? `${(abs / 1_000).toFixed(1)} s`
        : `${(abs / 60_000).toFixed(1)} min`;
  return ms === 0 ? '±0 s' : `${ms > 0 ? '+' : '−'}${text}`;
}

export interface MessageRow<M> {
  a: M | null;
  b: M | null;
  status: AlignStatus;
}

/** Two model views' messages aligned by content (the core's LCS over message hashes). */
export function alignMessages<M extends CompareMessageText>(
  a: readonly M[],
  b: readonly M[],
): MessageRow<M>[] {
  return alignKeys(
    a.map((message) => message.hash),
    b.map((message) => message.hash),
  ).map((pair) => {
    const left = pair.a === null ? null : (a[pair.a] as M);
    const right = pair.b === null ? null : (b[pair.b] as M);
    const status: AlignStatus =
      left === null ? 'only-b' : right === null ? 'only-a' : pair.isKeyMatch ? 'same' : 'changed';
    return { a: left, b: right, status };
  });
}

/** Runs of `same` rows longer than this fold into one "n identical messages" line (the ends stay). */
const SAME_RUN_FOLD = 3;

export type FoldedRow<M> = { kind: 'row'; row: MessageRow<M> } | { kind: 'fold'; count: number; key: string };

/** Rows with long runs of identical messages folded, keeping the one before a difference. */
export function foldSameRuns<M>(rows: readonly MessageRow<M>[]): FoldedRow<M>[] {
  const folded: FoldedRow<M>[] = [];
  let run: MessageRow<M>[] = [];
  const flush = (isEnd: boolean) => {
    if (run.length > SAME_RUN_FOLD) {
      const keep = isEnd ? 1 : 1;
      folded.push({ kind: 'fold', count: run.length - keep, key: `fold-${folded.length}` });
      for (const row of run.slice(run.length - keep)) folded.push({ kind: 'row', row });
    } else for (const row of run) folded.push({ kind: 'row', row });
    run = [];
  };
  for (const row of rows) {
    if (row.status === 'same') run.push(row);
    else {
      flush(false);
      folded.push({ kind: 'row', row });
    }
  }
  flush(true);
  return folded;
}
