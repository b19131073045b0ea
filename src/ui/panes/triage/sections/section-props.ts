// What the triage sections share: their props, and how much of a long list they show at first.
import type { TriageReport } from '../../../../log/index.ts';

/** Rows of a list shown before "show all" (lists of retries or approvals can be long). */
export const LIST_PREVIEW_ROWS = 50;

/** A section's props: the log's report, and the cursor move for a clicked seq. */
export interface TriageSectionProps {
  report: TriageReport;
  onSelect: (seq: number) => void;
}
