// Text search over a log, one event at a time in either direction, matching what a person sees of
// an event: its row (type and summary), its text as the model view shows it (JSON string values and
// keys, unescaped), and its stored JSON (the event detail's tree and Copy JSON).

import { readChunkData, readUpgradedEventAt } from '../storage/chunk-reader.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { OpenedLog } from '../decode/opened-log.ts';
import { summarizeUpgradedEvent } from './event-summary.ts';

/** How far a search got: a match, the end of the log, or more to scan (call `step` again). */
type SearchStep = { kind: 'found'; seq: number } | { kind: 'none' } | { kind: 'more' };

/** A search that scans a bounded number of events per call, so a worker can answer other queries between calls. */
export interface EventSearch {
  /** Scans up to `maxEvents` more events (at least one). */
  step(maxEvents: number): SearchStep;
}

/** The byte of `\` in UTF-8: a line without one stores every string exactly as it reads. */
const BACKSLASH = 0x5c;

/**
 * The search behind `searchEvents`, resumable: the next seq after `fromSeq` (direction 1) or before
 * it (direction -1) whose shown text contains `text`, ignoring case. Shown text is the event's row
 * (stored type and summary), its string values and keys unescaped (so `say "hi"` matches what the
 * file stores as `say \"hi\"`, and `\u00e9` matches `é`), and its stored line. For a packed row, the
 * member whose own chunk matches is found (the first member reached when only the row as a whole
 * matches, e.g. on its tag). `fromSeq` may be -1 or eventCount to search from an end.
 *
 * Cost: the line's bytes are matched first (native indexOf); the summary of every other event is
 * derived (a parse of its line, once per packed row), and its values are walked only when the line
 * has a JSON escape (without one, a value that contains the text means the line does).
 */
export function createEventSearch(
  log: OpenedLog,
  text: string,
  fromSeq: number,
  direction: 1 | -1,
): EventSearch {
  const needle = text.toLowerCase();
  const store = log.store;
  const matchLine = needle === '' ? null : createLineMatcher(store, needle);
  const containsNeedle = createTextMatcher(needle);
  let lastLine = -1;
  let lastLineMatches = false;
  let lastLineHasEscapes = false;
  let rowFallback: number | null = null;
  let seq = Math.max(-1, Math.min(store.eventCount, Math.floor(fromSeq) + direction));
  const finish = (): SearchStep =>
    rowFallback === null ? { kind: 'none' } : { kind: 'found', seq: rowFallback };
  return {
    step(maxEvents) {
      if (matchLine === null) return { kind: 'none' };
      for (let scanned = 0; scanned < Math.max(1, maxEvents); scanned++, seq += direction) {
        if (seq < 0 || seq >= store.eventCount) return finish();
        const lineIndex = store.eventLine.get(seq);
        if (lineIndex !== lastLine) {
          if (rowFallback !== null) return { kind: 'found', seq: rowFallback };
          lastLine = lineIndex;
          lastLineMatches = matchLine(lineIndex);
          lastLineHasEscapes = store.lineBytes(lineIndex).includes(BACKSLASH);
          rowFallback = null;
        }
        const isMember = store.eventMember.get(seq) >= 0;
        if (lastLineMatches && !isMember) return { kind: 'found', seq };
        if (lastLineMatches && chunkContains(readChunkData(store, seq)?.chunk, needle))
          return { kind: 'found', seq };
        if (shownTextContains(store, seq, containsNeedle, lastLineHasEscapes)) return { kind: 'found', seq };
        if (lastLineMatches) rowFallback ??= seq;
      }
      return seq < 0 || seq >= store.eventCount ? finish() : { kind: 'more' };
    },
  };
}

/**
 * The next seq after `fromSeq` (direction 1) or before it (direction -1) whose shown text
 * contains `text`, ignoring case; null when there is none or `text` is empty (see createEventSearch).
 */
export function searchEvents(
  log: OpenedLog,
  text: string,
  fromSeq: number,
  direction: 1 | -1,
): number | null {
  const result = createEventSearch(log, text, fromSeq, direction).step(Number.POSITIVE_INFINITY);
  return result.kind === 'found' ? result.seq : null;
}

/** Whether a text contains the needle, ignoring case. */
type TextMatcher = (text: string) => boolean;

/**
 * A matcher for `needle` (lower case): an ASCII needle is a case-insensitive regular expression
 * (no lower-cased copy of every value searched), any other is matched on lower-cased text.
 */
function createTextMatcher(needle: string): TextMatcher {
  if (!isAscii(needle)) return (text) => text.length >= needle.length && text.toLowerCase().includes(needle);
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return (text) => text.length >= needle.length && pattern.test(text);
}

/**
 * Whether event `seq`'s row (stored type, summary) or, when `hasEscapes`, one of its string values
 * or keys as decoded contains the needle.
 */
function shownTextContains(
  store: LogStore,
  seq: number,
  contains: TextMatcher,
  hasEscapes: boolean,
): boolean {
  if (contains(store.typeOf(seq))) return true;
  const event = readUpgradedEventAt(store, seq);
  if (contains(summarizeUpgradedEvent(event))) return true;
  return hasEscapes && valueContains(event.data, contains);
}

/**
 * Whether a string, key or number anywhere in `value` contains the needle. Walks with its own
 * stack: stored values can nest deeper than the call stack.
 */
function valueContains(value: unknown, contains: TextMatcher): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (contains(item)) return true;
    } else if (typeof item === 'number') {
      if (contains(String(item))) return true;
    } else if (Array.isArray(item)) {
      for (const element of item as unknown[]) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (contains(key)) return true;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * Whether a packed member's chunk, as JSON, contains `needle` (lower case). A chunk nested deeper
 * than JSON.stringify can walk (RangeError) counts as not matching: the row itself still matched.
 */
function chunkContains(chunk: unknown, needle: string): boolean {
  let text: string;
  try {
    text = JSON.stringify(chunk ?? null);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return false;
  }
  return text.toLowerCase().includes(needle);
}

function createLineMatcher(store: LogStore, needle: string): (lineIndex: number) => boolean {
  // ASCII needles are matched on the raw bytes (no decoding per line); others on decoded text.
  if (isAscii(needle)) {
    const pattern = Uint8Array.from(needle, (character) => character.charCodeAt(0));
    return (lineIndex) => containsAsciiIgnoringCase(store.lineBytes(lineIndex), pattern);
  }
  return (lineIndex) => store.lineText(lineIndex).toLowerCase().includes(needle);
}

/** `pattern` is lower-case ASCII; bytes A–Z in `bytes` are folded to lower case while comparing. */
function containsAsciiIgnoringCase(bytes: Uint8Array, pattern: Uint8Array): boolean {
  const length = pattern.length;
  const first = pattern[0] as number;
  const firstUpper = first >= 97 && first <= 122 ? first - 32 : first;
  // Native indexOf finds candidates for the first byte; only those are compared in JS.
  for (const candidate of first === firstUpper ? [first] : [first, firstUpper]) {
    let i = bytes.indexOf(candidate);
    while (i >= 0 && i + length <= bytes.length) {
      let k = 1;
      for (; k < length; k++) {
        let other = bytes[i + k] as number;
        if (other >= 65 && other <= 90) other += 32;
        if (other !== pattern[k]) break;
      }
      if (k === length) return true;
      i = bytes.indexOf(candidate, i + 1);
    }
  }
  return false;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
