// Search across the sessions of a workspace, one session at a time: the same text index and the same
// "what a person sees" rule as the open log's search (search/text-index.ts), with the first hits of
// each session and a snippet of the text around each, so a result list can be grouped by session
// without opening any of them.

import type { OpenedLog } from '../open/opened-log.ts';
import { collectShownText, unansweredAttemptEnds } from '../search/shown-text.ts';
import { createTextIndexBuilder, searchTextIndex, type TextIndex } from '../search/text-index.ts';
import { findTextMatches } from '../search/text-matches.ts';

/** One event of a session whose shown text contains the searched text. */
export interface SessionSearchHit {
  seq: number;
  /** Its stored type, for the result row. */
  type: string;
  /** The shown text around the first occurrence (SNIPPET_BEFORE / SNIPPET_AFTER), on one line; untrusted text. */
  snippet: string;
  /** Where the occurrence is in `snippet` (UTF-16 offsets), for the highlight; null when it could not be placed. */
  match: { start: number; end: number } | null;
}

/** A session's answer: how many of its events match, and the first of them. */
export interface SessionSearchHits {
  total: number;
  hits: SessionSearchHit[];
}

/** Characters of shown text kept before and after the occurrence: a narrow result row shows the match early. */
const SNIPPET_BEFORE = 20;
const SNIPPET_AFTER = 80;
/** Events indexed between two yields of searchSessionSteps. */
const EVENTS_PER_STEP = 2_048;

/**
 * Searches one decoded session for `text` (ignoring case, as searchTextIndex does), as steps
 * (base/steps.ts): it yields while it builds the session's text index, so a worker answers the
 * open log's queries in between. `index`: the session's index when the caller has it (the open log).
 */
export function* searchSessionSteps(
  log: OpenedLog,
  text: string,
  maxHits: number,
  index?: TextIndex,
): Generator<void, SessionSearchHits> {
  let built = index;
  if (built === undefined) {
    const builder = createTextIndexBuilder(log);
    while (!builder.step(EVENTS_PER_STEP)) yield;
    built = builder.finish();
  }
  const seqs = searchTextIndex(built, text);
  const attemptEnds = unansweredAttemptEnds(log);
  const hits: SessionSearchHit[] = [];
  for (const seq of seqs.subarray(0, Math.max(0, maxHits))) {
    hits.push({ seq, type: log.store.typeOf(seq), ...snippetOf(log, seq, text, attemptEnds) });
  }
  return { total: seqs.length, hits };
}

/**
 * The shown text of `seq` around the first occurrence of `text`: the first piece that holds it,
 * cut to SNIPPET_BEFORE characters before and SNIPPET_AFTER after, line breaks as spaces. The match
 * is found by the one matcher the highlights use (findTextMatches), so its offsets are right even
 * where lower-casing changes a letter's length (`İ`).
 */
function snippetOf(
  log: OpenedLog,
  seq: number,
  text: string,
  attemptEnds: ReadonlySet<number>,
): Pick<SessionSearchHit, 'snippet' | 'match'> {
  const pieces: string[] = [];
  collectShownText(log, seq, attemptEnds, pieces);
  const needle = text.toLowerCase();
  for (const piece of pieces) {
    const first = findTextMatches(piece, needle)[0];
    if (first === undefined) continue;
    const [at, matchEnd] = first;
    const start = Math.max(0, at - SNIPPET_BEFORE);
    const end = Math.min(piece.length, matchEnd + SNIPPET_AFTER);
    const lead = start > 0 ? '…' : '';
    const snippet = `${lead}${oneLine(piece.slice(start, end))}${end < piece.length ? '…' : ''}`;
    const matchStart = lead.length + (at - start);
    return { snippet, match: { start: matchStart, end: matchStart + (matchEnd - at) } };
  }
  return { snippet: oneLine((pieces[0] ?? '').slice(0, SNIPPET_AFTER)), match: null };
}

/** Line breaks and tabs as spaces (same length, so offsets hold). */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]/g, ' ');
}
