// One section's place in the triage pane, marked when it holds the cursor's finding.
import { useEffect, useRef, type ReactNode } from 'react';
import type { FindingSection } from './finding-navigation.ts';

/**
 * The place of one section that shows findings: marked and scrolled into view (below the sticky
 * findings bar) when the cursor's finding is one of its own, so n / N and ◀ ▶ show what they found.
 */
export function FindingSlot({
  section,
  current,
  seq,
  children,
}: {
  section: FindingSection;
  current: FindingSection | null;
  seq: number | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const isCurrent = current === section;
  useEffect(() => {
    if (isCurrent) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [isCurrent, seq]);
  return (
    <div
      ref={ref}
      data-finding-section={section}
      data-current-finding={isCurrent ? 'true' : undefined}
      className={
        isCurrent
          ? 'scroll-mt-8 bg-amber-50 shadow-[inset_3px_0_0_0_var(--color-amber-500)] dark:bg-amber-950/30'
          : 'scroll-mt-8'
      }
    >
      {children}
    </div>
  );
}
