// Page object for the triage tab: its locators and actions, so specs never spell test ids.
import type { Locator, Page } from '@playwright/test';

/** The triage tab of the right pane (src/ui/panes/triage/TriagePane.tsx). */
export class TriagePanel {
  readonly page: Page;
  readonly root: Locator;
  readonly lastCall: Locator;
  readonly classification: Locator;
  readonly retryAdvice: Locator;
  readonly copyButton: Locator;
  readonly bugReport: Locator;
  readonly usageChart: Locator;
  readonly findingsBar: Locator;
  readonly turnFailures: Locator;
  readonly callApproval: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('triage-pane');
    this.lastCall = page.getByTestId('triage-last-call');
    this.classification = this.lastCall.getByTestId('triage-classification');
    this.retryAdvice = page.getByTestId('triage-retry-advice');
    this.copyButton = page.getByTestId('triage-copy');
    this.bugReport = page.getByTestId('triage-bug-report-text');
    this.usageChart = page.getByTestId('usage-chart');
    this.findingsBar = page.getByTestId('triage-findings-bar');
    this.turnFailures = page.getByTestId('triage-turn-failures');
    this.callApproval = this.lastCall.getByTestId('triage-call-approval');
  }

  /** Switches the right pane to Triage and waits until the report is shown. */
  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: /triage/i }).click();
    await this.page.locator('[data-testid="triage-pane"][data-state="ready"]').waitFor();
  }

  /** A turn-error row of the turn-failures section, by its turn/end seq. */
  turnError(seq: number): Locator {
    return this.turnFailures.locator(`[data-testid="triage-turn-error"][data-seq="${seq}"]`);
  }

  /** A truncated-call row of the turn-failures section, by the seq where the call was cut. */
  truncatedCall(seq: number): Locator {
    return this.turnFailures.locator(`[data-testid="triage-truncated-call"][data-seq="${seq}"]`);
  }

  /** The seq link labelled e.g. "#3" inside the last-call card. */
  seqLinkInLastCall(seq: number): Locator {
    return this.lastCall.locator(`button[data-seq-link="${seq}"]`);
  }
}
