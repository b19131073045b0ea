// The format details under the generation badge: which generation, who wrote it, what that release
// does on open, what current dsh does, and why current dsh would refuse it (each refusal links its seq).
import type { FormatVerdicts } from '../../log/index.ts';
import { describeGeneration } from '../../log/index.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { CURRENT_STATUS_LABELS, TONE_CLASSES, currentTone, writerTone } from './format-tones.ts';

const WRITER_LABELS: Record<FormatVerdicts['writer']['status'], string> = {
  ok: 'loads it',
  corrupt: 'refuses it as corrupt',
  unsupported: 'refuses it as unsupported',
};

function StatusPill({ tone, children }: { tone: keyof typeof TONE_CLASSES; children: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded px-1.5 py-px text-[11px] font-medium ring-1 ring-inset ${TONE_CLASSES[tone]}`}
    >
      {children}
    </span>
  );
}

/** The panel's content; `onSelectSeq` moves the cursor to a refusal's event. */
export function FormatVerdictsPanel({
  verdicts,
  onSelectSeq,
}: {
  verdicts: FormatVerdicts;
  onSelectSeq: (seq: number) => void;
}) {
  const { writer, current } = verdicts;
  const hidden = current.refusalCount - current.refusals.length;
  return (
    <div data-testid="format-verdicts" className="space-y-2 text-xs">
      <p data-testid="format-generation-text" className="font-medium">
        {revealInvisibleCharacters(describeGeneration(verdicts))}
      </p>
      <div data-testid="format-writer" data-status={writer.status} className="space-y-0.5">
        <div className="flex items-center gap-2">
          <span className="text-zinc-600 dark:text-zinc-400">The release that wrote it</span>
          <StatusPill tone={writerTone(writer.status)}>{WRITER_LABELS[writer.status]}</StatusPill>
        </div>
        {writer.reason !== null && (
          <p className="text-zinc-700 dark:text-zinc-300">{revealInvisibleCharacters(writer.reason)}</p>
        )}
      </div>
      <div data-testid="format-current" data-status={current.status} className="space-y-0.5">
        <div className="flex items-center gap-2">
          <span className="text-zinc-600 dark:text-zinc-400">Current {current.release}</span>
          <StatusPill tone={currentTone(current.status)}>{CURRENT_STATUS_LABELS[current.status]}</StatusPill>
        </div>
        {current.status === 'migrates' && (
          <p className="text-zinc-600 dark:text-zinc-400">
            It upgrades the log to generation 4 when it opens it. None of the migration rules this viewer
            checks refuses it (not every upstream check is made).
          </p>
        )}
        {(current.status === 'corrupt' || current.status === 'newer') && current.reason !== null && (
          <p className="text-zinc-700 dark:text-zinc-300">{revealInvisibleCharacters(current.reason)}</p>
        )}
      </div>
      {current.refusals.length > 0 && (
        <ol
          data-testid="format-refusals"
          className="max-h-64 space-y-1 overflow-auto border-t border-zinc-100 pt-1.5 dark:border-zinc-800"
        >
          {current.refusals.map((refusal, position) => (
            <li
              key={`${refusal.rule}-${refusal.seq ?? 'header'}-${position}`}
              data-rule={refusal.rule}
              className="flex items-baseline gap-2"
            >
              {refusal.seq === null ? (
                <span className="shrink-0 font-mono text-zinc-600 dark:text-zinc-400">header</span>
              ) : (
                <button
                  type="button"
                  data-seq={refusal.seq}
                  onClick={() => onSelectSeq(refusal.seq ?? 0)}
                  className="shrink-0 rounded font-mono text-sky-700 underline decoration-sky-300 underline-offset-2 hover:bg-sky-50 dark:text-sky-300 dark:decoration-sky-700 dark:hover:bg-sky-950"
                  title={`Go to seq ${refusal.seq}${refusal.line !== null ? ` (line ${refusal.line})` : ''}`}
                >
                  #{refusal.seq}
                </button>
              )}
              <span className="min-w-0">
                <span className="font-mono text-[10px] text-zinc-600 dark:text-zinc-400">{refusal.rule}</span>{' '}
                {revealInvisibleCharacters(refusal.message)}
              </span>
            </li>
          ))}
          {hidden > 0 && (
            <li className="text-zinc-600 dark:text-zinc-400">… and {hidden} more of the same rules</li>
          )}
        </ol>
      )}
    </div>
  );
}
