// The generation badge of the header ("v0", "v4", …): what current dsh does with the log at a glance,
// and on click a panel with the writer, both verdicts and the refusals.
import { useEffect, useRef, useState } from 'react';
import type { FormatVerdicts } from '../../log/index.ts';
import { FormatVerdictsPanel } from './FormatVerdictsPanel.tsx';
import { PROVISIONAL_NOTE } from './VerdictBadge.tsx';
import { CURRENT_STATUS_LABELS, TONE_CLASSES, currentTone } from './format-tones.ts';

function generationLabel(verdicts: FormatVerdicts): string {
  if (verdicts.newerVersion !== null) return `v${verdicts.newerVersion}`;
  return verdicts.generation === null ? 'v?' : `v${verdicts.generation}`;
}

/** A pill button; the panel opens below it and closes on Esc, on a click outside, or on the button. */
export function FormatBadge({
  verdicts,
  onSelectSeq,
  isProvisional = false,
}: {
  verdicts: FormatVerdicts;
  onSelectSeq: (seq: number) => void;
  /** The log is being followed: the verdicts are of what was read so far ("so far"). */
  isProvisional?: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const hostRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (hostRef.current && event.target instanceof Node && !hostRef.current.contains(event.target))
        setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);
  const label = generationLabel(verdicts);
  const { current } = verdicts;
  return (
    <span ref={hostRef} className="relative">
      <button
        type="button"
        data-testid="format-generation"
        data-generation={verdicts.generation ?? undefined}
        data-newer-version={verdicts.newerVersion ?? undefined}
        data-writer-status={verdicts.writer.status}
        data-current-status={current.status}
        data-provisional={isProvisional || undefined}
        aria-expanded={isOpen}
        // The name starts with the visible text (WCAG 2.5.3 label in name), then says what it opens.
        aria-label={`${label} · 0.2.x ${CURRENT_STATUS_LABELS[current.status]}${isProvisional ? ' so far' : ''}: format details`}
        title={`Format ${label}. Current ${current.release} ${CURRENT_STATUS_LABELS[current.status]}.${isProvisional ? ` ${PROVISIONAL_NOTE}` : ''}`}
        onClick={() => setOpen(!isOpen)}
        className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[currentTone(current.status)]}`}
      >
        <span className="font-mono">{label}</span>
        <span className="font-normal">
          · 0.2.x {CURRENT_STATUS_LABELS[current.status]}
          {isProvisional && ' · so far'}
        </span>
      </button>
      {isOpen && (
        <div
          role="dialog"
          aria-label="Format generation and verdicts"
          className="absolute left-0 top-full z-40 mt-1 w-[32rem] max-w-[90vw] rounded-lg border border-zinc-200 bg-white p-3 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
        >
          <FormatVerdictsPanel
            verdicts={verdicts}
            onSelectSeq={(seq) => {
              setOpen(false);
              onSelectSeq(seq);
            }}
          />
        </div>
      )}
    </span>
  );
}
