// The text search for `npm run bench:browser`: right after the load is ready, how long the worker
// takes to build the text index (the search bar says "indexing text… n%" meanwhile) and whether a
// main-thread long task happened during it; then, per kind of term, the time from Enter in the
// search box to "k of N" shown with the cursor on the first match (or "no match").
import { closeSync, openSync, readSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { readProbeInPage } from '../bench-browser-page.ts';
import { round } from './percentile.ts';

const INDEX_TIMEOUT_MS = 120_000;
const SEARCH_TIMEOUT_MS = 30_000;

/** Enter → k of N must be within this (issue 14: a full search of the 1.3 M-event log ≤ 200 ms). */
export const TARGET_SEARCH_MS = 200;

/** The kinds of term searched, in order (the rows of the report). */
export const SEARCH_TERM_KINDS = ['rare', 'frequent', 'no match', 'callId', 'non-ASCII'] as const;

/** Bytes of the JSONL read to pick a callId (the first calls are in the first megabytes). */
const CALL_ID_SCAN_BYTES = 4 * 1024 * 1024;

/**
 * The terms, one per SEARCH_TERM_KINDS entry: found on the generated log with bench:search (the rare
 * term has 12 matches, the frequent one ~10 k), and a callId read from the log's first megabytes.
 */
export function searchTermsOf(jsonlPath: string): { label: string; text: string }[] {
  const buffer = Buffer.alloc(CALL_ID_SCAN_BYTES);
  const file = openSync(jsonlPath, 'r');
  const length = readSync(file, buffer, 0, buffer.length, 0);
  closeSync(file);
  const ids = [
    ...buffer
      .subarray(0, length)
      .toString('utf8')
      .matchAll(/"callId":"(call_[^"]+)"/g),
  ];
  const callId = ids.at(-1)?.[1] ?? 'call_';
  const texts = ['ABORTED', 'error', 'no such text anywhere', callId, '日本語'];
  return SEARCH_TERM_KINDS.map((label, index) => ({ label, text: texts[index] as string }));
}

export interface SearchReport {
  /** Load ready → the search bar says the index is ready (page clock, polled every 50 ms). */
  indexReadyMs: number | null;
  /** The worker's own build time (first slice to finish). */
  indexBuildMs: number | null;
  longTasksDuringIndex: number | null;
  longestTaskIndexMs: number | null;
  /** Per term: label, text, Enter → "k of N" / "no match" (ms), what the bar said. */
  searches: { label: string; text: string; ms: number | null; shown: string }[];
  longestTaskSearchMs: number | null;
}

interface SearchPageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  dispatchEvent(event: unknown): boolean;
}

interface SearchPageGlobals {
  document: { querySelector(selector: string): SearchPageElement | null; body: unknown };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, unknown>): void;
    disconnect(): void;
  };
  KeyboardEvent: new (type: string, init: Record<string, unknown>) => unknown;
  setTimeout: (callback: () => void, ms: number) => number;
}

/**
 * In the page: presses Enter in the search box (already filled) and resolves with the time until the
 * bar shows "k of N" with the cursor on a match, or "no match"; null after `timeoutMs`.
 */
function timeSearchInPage(args: { timeoutMs: number }): Promise<{ ms: number; shown: string } | null> {
  const page = globalThis as unknown as SearchPageGlobals;
  const doc = page.document;
  const input = doc.querySelector('input[aria-label="Search events"]');
  if (input === null) return Promise.resolve(null);
  return new Promise((resolve) => {
    const started = performance.now();
    const check = (): string | null => {
      const count = doc.querySelector('[data-testid="search-count"]')?.textContent ?? '';
      const note = doc.querySelector('[data-testid="search-note"]')?.textContent ?? '';
      if (/ of /.test(count)) return `${count}${note === '' ? '' : `, ${note}`}`;
      return note === 'no match' ? note : null;
    };
    const observer = new page.MutationObserver(() => {
      const shown = check();
      if (shown === null) return;
      observer.disconnect();
      resolve({ ms: performance.now() - started, shown });
    });
    observer.observe(doc.body, { subtree: true, childList: true, characterData: true });
    page.setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, args.timeoutMs);
    input.dispatchEvent(new page.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
}

export async function measureSearch(
  page: Page,
  terms: readonly { label: string; text: string }[],
  notes: string[],
): Promise<SearchReport> {
  const bar = page.locator('[role="search"][data-index-state]');
  const readyAt = (await page.evaluate(readProbeInPage)).readyAt;
  const indexReadyAt = await page
    .waitForFunction(
      () =>
        (globalThis as unknown as SearchPageGlobals).document
          .querySelector('[role="search"][data-index-state]')
          ?.getAttribute('data-index-state') === 'ready'
          ? performance.now()
          : null,
      undefined,
      { timeout: INDEX_TIMEOUT_MS, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null);
  if (indexReadyAt === null) notes.push(`the text index was not ready within ${INDEX_TIMEOUT_MS} ms`);
  const buildMs = Number((await bar.getAttribute('data-index-build-ms')) ?? NaN);
  const probe = await page.evaluate(readProbeInPage);
  const during = (from: number, to: number) =>
    probe.longTasks.filter((task) => task.start >= from && task.start <= to);
  const indexTasks = readyAt !== null && indexReadyAt !== null ? during(readyAt, indexReadyAt) : null;

  const search = page.getByRole('searchbox', { name: 'Search events' });
  const searches: SearchReport['searches'] = [];
  const searchFrom = await page.evaluate(() => performance.now());
  for (const { label, text } of terms) {
    await search.fill(text);
    const timing = await page.evaluate(timeSearchInPage, { timeoutMs: SEARCH_TIMEOUT_MS });
    if (timing === null)
      notes.push(`search ${JSON.stringify(text)} showed no count within ${SEARCH_TIMEOUT_MS} ms`);
    searches.push({ label, text, ms: round(timing?.ms ?? null), shown: timing?.shown ?? 'n/a' });
  }
  const searchTasks = (await page.evaluate(readProbeInPage)).longTasks.filter(
    (task) => task.start >= searchFrom,
  );
  await search.fill('');
  return {
    indexReadyMs: readyAt !== null && indexReadyAt !== null ? round(indexReadyAt - readyAt) : null,
    indexBuildMs: Number.isFinite(buildMs) ? buildMs : null,
    longTasksDuringIndex: indexTasks?.length ?? null,
    longestTaskIndexMs:
      indexTasks === null ? null : round(Math.max(0, ...indexTasks.map((task) => task.duration))),
    searches,
    longestTaskSearchMs: round(Math.max(0, ...searchTasks.map((task) => task.duration))),
  };
}
