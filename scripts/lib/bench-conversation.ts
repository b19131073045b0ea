// The model view's conversation scroll for `npm run bench:browser`: at the log's last seq, scroll the
// model view from its newest message to its first (a fast fling, one step per frame) and report how
// long it took, the longest main-thread task meanwhile and the longest time the viewport stayed
// blank (less than half of it covered by cards with their content).
import type { Page } from '@playwright/test';
import { readProbeInPage, scrollConversationToFirstInPage, timeMoveInPage } from '../bench-browser-page.ts';
import { round } from './percentile.ts';

/** One fling step per frame (px): about 24,000 px/s at 60 frames per second. */
const STEP_PX = 400;
const SCROLL_TIMEOUT_MS = 60_000;

export const TARGET_CONVERSATION_BLANK_MS = 100;

export interface ConversationScrollReport {
  conversationScrollMs: number | null;
  conversationScrollFrames: number | null;
  conversationBlankFrames: number | null;
  conversationLongestBlankMs: number | null;
  conversationLongestTaskMs: number | null;
}

export async function measureConversationScroll(
  page: Page,
  lastSeq: number,
  notes: string[],
): Promise<ConversationScrollReport> {
  const none: ConversationScrollReport = {
    conversationScrollMs: null,
    conversationScrollFrames: null,
    conversationBlankFrames: null,
    conversationLongestBlankMs: null,
    conversationLongestTaskMs: null,
  };
  // The drag sweep ends at the last seq; move there only if the cursor is elsewhere.
  const label = (await page.getByTestId('model-message-count').textContent()) ?? '';
  const isThere = new RegExp(`at seq ${lastSeq}(?![0-9])`).test(label);
  const moved =
    isThere || (await page.evaluate(timeMoveInPage, { seq: lastSeq, timeoutMs: 10_000 })) !== null;
  if (!moved) {
    notes.push(`the cursor never reached seq ${lastSeq}: conversation scroll not measured`);
    return none;
  }
  await page.waitForTimeout(500);
  const timing = await page.evaluate(scrollConversationToFirstInPage, {
    stepPx: STEP_PX,
    timeoutMs: SCROLL_TIMEOUT_MS,
  });
  if (timing === null) {
    notes.push('no [data-testid="model-view-scroll"]: conversation scroll not measured');
    return none;
  }
  if (!timing.reachedFirst)
    notes.push(`the model view's first message was not reached within ${SCROLL_TIMEOUT_MS} ms of scrolling`);
  const tasks = (await page.evaluate(readProbeInPage)).longTasks.filter(
    (task) => task.start + task.duration >= timing.start && task.start <= timing.end,
  );
  return {
    conversationScrollMs: round(timing.durationMs),
    conversationScrollFrames: timing.frames,
    conversationBlankFrames: timing.blankFrames,
    conversationLongestBlankMs: round(timing.longestBlankMs),
    conversationLongestTaskMs: round(tasks.reduce((longest, task) => Math.max(longest, task.duration), 0)),
  };
}
