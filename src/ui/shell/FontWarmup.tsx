// Lays out, once, a hidden line in each font, size and weight the workspace uses. The first layout
// of text in a new face and size asks the system for it (fontconfig and FreeType on Linux); on the
// 2-core machine the bench runs on, the header card's first 11 px monospace line made the frame
// after a log's first summary spend ~25 ms in layout, between the drop and the first rows. Done while
// the page waits for a file, that cost is gone from the load.
import { useEffect, useState } from 'react';
import { requestIdle } from '../../browser/idle.ts';

/** Class sets of the workspace's text, sans and mono (see HeaderBar, EventRowView, MessageView). */
const SAMPLES = [
  'font-mono text-[10px]',
  'font-mono text-[11px]',
  // The events list's rows.
  'font-mono text-[11.5px]',
  'font-mono text-[11.5px] tabular-nums',
  'font-mono text-xs',
  'font-mono text-xs font-semibold',
  'font-mono text-sm',
  'text-[10px]',
  'text-[11px]',
  'text-[11px] font-semibold uppercase tracking-wide',
  'text-xs',
  'text-xs font-medium',
  'text-xs font-semibold uppercase tracking-wide',
  'text-xs italic',
  'text-xs tabular-nums',
  'text-sm',
  'text-sm font-semibold',
  'text-base font-semibold',
] as const;

const SAMPLE_TEXT = 'Ag09 · — … → ⟨⟩ ✓';

/** Renders the samples once the page is idle after its first paint; hidden from people and screen readers. */
export function FontWarmup() {
  const [isShown, setShown] = useState(false);
  useEffect(() => requestIdle(() => setShown(true)), []);
  if (!isShown) return null;
  return (
    <div
      aria-hidden
      data-testid="font-warmup"
      // Laid out (fonts are resolved in layout) but never painted, and outside everything else's layout.
      style={{ position: 'fixed', left: -10_000, top: 0, visibility: 'hidden', contain: 'layout paint' }}
    >
      {SAMPLES.map((sample) => (
        <span key={sample} className={sample}>
          {SAMPLE_TEXT}
        </span>
      ))}
    </div>
  );
}
