// A count with its noun in the right number ("1 value", "2 values"), for every label that counts.
import { formatCount } from './format.ts';

/** `count` grouped (formatCount) and `singular`, or `plural` (default: singular + "s") unless it is 1. */
export function formatCountOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
