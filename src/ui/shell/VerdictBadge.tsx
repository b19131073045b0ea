// The verdict badge: what the dsh release that wrote this file would do with it (for generation 0:
// dsh 0.1.1); what current dsh does is the format badge beside it.
import type { Verdict } from '../../log/index.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';

const STYLES: Record<Verdict['status'], string> = {
  ok: 'bg-emerald-100 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-800',
  corrupt: 'bg-red-100 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-300 dark:ring-red-800',
  unsupported:
    'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-800',
};

/** The tooltip's word on a verdict of a log still being written (the format badge says it too). */
export const PROVISIONAL_NOTE =
  'The log is still being written: this is what was read so far, and it may change as more arrives.';

const LABELS: Record<Verdict['status'], string> = {
  ok: 'dsh would load it',
  corrupt: 'corrupt: dsh refuses it',
  unsupported: 'unsupported: dsh refuses it',
};

/**
 * A colored pill with the verdict status; the reason is in the tooltip. `isTruncated`: reading
 * stopped at one of the viewer's own bounds (verdict.viewerLimit says which), so the verdict covers
 * only the part that was read; the pill says "too large for this viewer", never "corrupt" for it.
 * `writtenBy`: the releases that wrote the log's generation, named in the tooltip when known.
 * `isProvisional`: the log is being followed (it may grow), so the verdict is of what was read so
 * far and may still change; the pill says "so far".
 */
export function VerdictBadge({
  verdict,
  isTruncated = false,
  writtenBy = null,
  isProvisional = false,
}: {
  verdict: Verdict;
  isTruncated?: boolean;
  writtenBy?: string | null;
  isProvisional?: boolean;
}) {
  const reason = `${writtenBy !== null ? `The release that wrote it (${writtenBy}): ` : ''}${verdict.reason ?? 'No problem that would stop dsh from loading this log.'}${isProvisional ? ` ${PROVISIONAL_NOTE}` : ''}`;
  return (
    <span
      data-testid="verdict"
      data-verdict={verdict.status}
      data-truncated={isTruncated || undefined}
      data-provisional={isProvisional || undefined}
      title={revealInvisibleCharacters(
        isTruncated
          ? `${reason} Only the beginning of the file was read: ${verdict.viewerLimit ?? 'see the problems.'}`
          : reason,
      )}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[verdict.status]}`}
    >
      <span aria-hidden>{verdict.status === 'ok' ? '✓' : '✕'}</span>
      {LABELS[verdict.status]}
      {isProvisional && <span className="font-normal">· so far</span>}
      {isTruncated && (
        <span className="font-normal" data-testid="viewer-limit">
          · too large for this viewer: first part only
        </span>
      )}
    </span>
  );
}
