// Redaction of a whole log's text (JSONL, after zstd), before anything is written (issue 24).
//
// Pass 1 (scan) reads every line: every non-structural string of every event (message text,
// reasoning, tool arguments and results, titles, header fields, file and media names; an
// unparsable line as its raw text) goes through the detector; streamed pieces are joined per
// stream first (streams.ts). It yields the distinct secrets, each with its rule, its short hash
// and its first occurrences in context: the review pane's list. Pass 2 (write) rewrites only the
// lines holding a secret — found by a rule there, or the literal text of a secret found anywhere
// else (a key read from `.env` and echoed later in a title is masked in both) — and copies every
// other line byte for byte. Seqs, types, ids and the line structure are never touched, so the
// redacted log has the same verdict, events, turns, pairings and lineage (redact-log.test.ts).

import {
  createDetector,
  literalPattern,
  resolveOverlaps,
  type DetectorOptions,
  type SecretHit,
} from './find-secrets.ts';
import { isSecretFieldName, isSecretFieldValue } from './heuristics.ts';
import { lineStreamFacts, setPiece } from './line-pieces.ts';
import { formatMask, shortHashes, type Sha256 } from './masks.ts';
import { rewritePieces, StreamTracker, type Stream } from './streams.ts';
import { formatPath, mapStrings } from './walk.ts';
import { forEachLine, parseLine, seqOf } from './lines.ts';

export interface RedactOptions extends DetectorOptions {
  sha256: Sha256;
  /** Salt of the masks' short hashes (masks.ts); random per export unless fixed. */
  salt: string;
  /** Short hashes of secrets the reviewer chose to leave as they are ("skip"). */
  skip?: readonly string[];
  /** Awaited every PAUSE_LINES lines, so a worker can answer queries in between. */
  pause?: () => Promise<void>;
}

/** One place a secret was found, with the text around it (the review pane). */
interface SecretOccurrence {
  seq: number | null;
  /** 1-based physical line. */
  line: number;
  field: string;
  before: string;
  after: string;
}

export interface FoundSecret {
  hash: string;
  rule: string;
  mask: string;
  /** The secret itself: for the review pane on this machine only; never in a manifest. */
  secret: string;
  /** Occurrences found by the scan (streams counted once per stream). */
  count: number;
  occurrences: SecretOccurrence[];
}

export interface LogScan {
  secrets: FoundSecret[];
  lines: number;
  /** Strings looked at (streams count once), and those with at least one secret: the false-positive base. */
  strings: number;
  stringsWithHits: number;
  ruleIds: readonly string[];
}

export interface RuleCount {
  rule: string;
  count: number;
}

export interface RedactedLog {
  bytes: Uint8Array;
  scan: LogScan;
  /** Masks written, per rule (the manifest's `redactions`). */
  counts: RuleCount[];
  changedLines: number;
}

const PAUSE_LINES = 4096;
const CONTEXT_CHARS = 40;
const OCCURRENCES_KEPT = 20;

interface Registry {
  bySecret: Map<string, { rule: string; count: number; occurrences: SecretOccurrence[] }>;
  /** Values of structural fields (ids): never masked where they appear as text. */
  structural: Set<string>;
}

function record(
  registry: Registry,
  text: string,
  hit: SecretHit,
  where: { seq: number | null; line: number; field: string },
): void {
  const secret = text.slice(hit.start, hit.end);
  let entry = registry.bySecret.get(secret);
  if (entry === undefined) {
    entry = { rule: hit.rule, count: 0, occurrences: [] };
    registry.bySecret.set(secret, entry);
  }
  entry.count++;
  if (entry.occurrences.length < OCCURRENCES_KEPT)
    entry.occurrences.push({
      ...where,
      before: text.slice(Math.max(0, hit.start - CONTEXT_CHARS), hit.start),
      after: text.slice(hit.end, hit.end + CONTEXT_CHARS),
    });
}

/** Hits of one string: a secret-named field's whole value, else the detector's hits. */
function hitsOf(detector: ReturnType<typeof createDetector>, text: string, key: string): SecretHit[] {
  if (isSecretFieldName(key) && isSecretFieldValue(text)) {
    const start = text.length - text.trimStart().length;
    return [{ start, end: text.trimEnd().length, rule: 'secret-field' }];
  }
  return detector.find(text);
}

interface ScanState {
  registry: Registry;
  tracker: StreamTracker;
  /** Lines (0-based) where pass 1 found a secret outside stream pieces. */
  flagged: Set<number>;
  lines: number;
  strings: number;
  stringsWithHits: number;
}

async function scanPass(
  bytes: Uint8Array,
  options: RedactOptions,
  detector: ReturnType<typeof createDetector>,
): Promise<ScanState> {
  const decoder = new TextDecoder('utf-8');
  const state: ScanState = {
    registry: { bySecret: new Map(), structural: new Set() },
    tracker: new StreamTracker(),
    flagged: new Set(),
    lines: 0,
    strings: 0,
    stringsWithHits: 0,
  };
  const onStructural = (text: string) => state.registry.structural.add(text);
  const ranges: [number, number][] = [];
  state.lines = forEachLine(bytes, (_index, start, end) => ranges.push([start, end]));
  for (let index = 0; index < ranges.length; index++) {
    if (options.pause && index > 0 && index % PAUSE_LINES === 0) await options.pause();
    const [start, end] = ranges[index] as [number, number];
    const text = decoder.decode(bytes.subarray(start, end));
    const parsed = parseLine(text);
    const physical = index + 1;
    if (parsed === null) {
      const hits = detector.find(text);
      for (const hit of hits)
        record(state.registry, text, hit, { seq: null, line: physical, field: '(unparsed line)' });
      if (hits.length > 0) state.flagged.add(index);
      continue;
    }
    const seq = seqOf(parsed);
    const facts = lineStreamFacts(parsed);
    if (facts.closesAll) state.tracker.closeAll();
    if (facts.closesPrefix !== null) state.tracker.closeMatching(facts.closesPrefix);
    for (const piece of facts.pieces)
      state.tracker.add(piece.key, { line: index, member: piece.member }, piece.seq, piece.text);
    let found = false;
    mapStrings(
      parsed,
      (value, key, path) => {
        state.strings++;
        const hits = hitsOf(detector, value, key);
        if (hits.length === 0) return value;
        state.stringsWithHits++;
        found = true;
        const field = formatPath(path);
        for (const hit of hits) record(state.registry, value, hit, { seq, line: physical, field });
        return value;
      },
      onStructural,
      facts.isPiecePath,
    );
    if (found) state.flagged.add(index);
  }
  state.tracker.closeAll();
  return state;
}

function streamHits(
  stream: Stream,
  detector: ReturnType<typeof createDetector>,
  literals: RegExp | null,
): SecretHit[] {
  const joined = stream.texts.join('');
  const hits = detector.find(joined);
  if (literals !== null) {
    literals.lastIndex = 0;
    for (let m = literals.exec(joined); m !== null; m = literals.exec(joined))
      hits.push({ start: m.index, end: m.index + m[0].length, rule: 'literal' });
  }
  return resolveOverlaps(hits);
}

/** Pass 1 alone: the secrets a redaction would mask, for the review pane. */
export async function scanLog(bytes: Uint8Array, options: RedactOptions): Promise<LogScan> {
  const detector = createDetector(options);
  const state = await scanPass(bytes, options, detector);
  await recordStreamSecrets(state, detector);
  return finishScan(state, options, detector.ruleIds);
}

async function recordStreamSecrets(
  state: ScanState,
  detector: ReturnType<typeof createDetector>,
): Promise<void> {
  for (const stream of state.tracker.closed) {
    const joined = stream.texts.join('');
    const hits = detector.find(joined);
    state.strings++;
    if (hits.length === 0) continue;
    state.stringsWithHits++;
    let pieceStart = 0;
    let piece = 0;
    for (const hit of hits) {
      while (
        piece < stream.texts.length - 1 &&
        pieceStart + (stream.texts[piece] as string).length <= hit.start
      ) {
        pieceStart += (stream.texts[piece] as string).length;
        piece++;
      }
      const ref = stream.pieces[piece];
      record(state.registry, joined, hit, {
        seq: stream.seqs[piece] ?? null,
        line: (ref?.line ?? 0) + 1,
        field: 'streamed text',
      });
    }
  }
  return Promise.resolve();
}

async function finishScan(
  state: ScanState,
  options: RedactOptions,
  ruleIds: readonly string[],
): Promise<LogScan> {
  const registry = state.registry;
  const secrets = [...registry.bySecret.keys()].filter((secret) => !registry.structural.has(secret));
  const hashes = await shortHashes(secrets, options.salt, options.sha256);
  return {
    lines: state.lines,
    strings: state.strings,
    stringsWithHits: state.stringsWithHits,
    ruleIds,
    secrets: secrets.map((secret, i) => {
      const entry = registry.bySecret.get(secret)!;
      const hash = hashes[i] as string;
      return {
        hash,
        rule: entry.rule,
        mask: formatMask(entry.rule, hash),
        secret,
        count: entry.count,
        occurrences: entry.occurrences,
      };
    }),
  };
}

/** JSON's escaped form of a string, without the quotes (how a secret appears in a raw line). */
function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Redacts the log's text: pass 1, the masks, pass 2. Lines without a secret are copied as they are. */
export async function redactLog(bytes: Uint8Array, options: RedactOptions): Promise<RedactedLog> {
  const detector = createDetector(options);
  const state = await scanPass(bytes, options, detector);
  await recordStreamSecrets(state, detector);
  const scan = await finishScan(state, options, detector.ruleIds);
  const skipped = new Set(options.skip ?? []);
  const maskOfSecret = new Map<string, string>();
  for (const found of scan.secrets) if (!skipped.has(found.hash)) maskOfSecret.set(found.secret, found.mask);
  const counts = new Map<string, number>();
  const count = (mask: string) => {
    const rule = mask.slice('[REDACTED:'.length, mask.lastIndexOf(':'));
    counts.set(rule, (counts.get(rule) ?? 0) + 1);
  };
  const literals = literalPattern(maskOfSecret.keys());
  const rawLiterals = literalPattern([...maskOfSecret.keys()].flatMap((s) => [s, jsonEscaped(s)]));

  // Stream edits: line → member → new piece text.
  const edits = new Map<number, Map<number, string>>();
  for (const stream of state.tracker.closed) {
    const joinedHits = streamHits(stream, detector, literals);
    const joined = joinedHits.length > 0 ? stream.texts.join('') : '';
    const changed = rewritePieces(stream, joinedHits, (hit) => {
      const mask = maskOfSecret.get(joined.slice(hit.start, hit.end)) ?? null;
      if (mask !== null) count(mask);
      return mask;
    });
    for (const [piece, text] of changed) {
      const ref = stream.pieces[piece]!;
      let lineEdits = edits.get(ref.line);
      if (lineEdits === undefined) edits.set(ref.line, (lineEdits = new Map<number, string>()));
      lineEdits.set(ref.member, text);
    }
  }

  const replaceIn = (text: string, hits: SecretHit[]): string => {
    let out = '';
    let at = 0;
    for (const hit of hits) {
      const mask = maskOfSecret.get(text.slice(hit.start, hit.end));
      if (mask === undefined) continue;
      out += text.slice(at, hit.start) + mask;
      at = hit.end;
      count(mask);
    }
    return at === 0 ? text : out + text.slice(at);
  };
  const withLiterals = (text: string, hits: SecretHit[]): SecretHit[] => {
    if (literals === null) return hits;
    literals.lastIndex = 0;
    for (let m = literals.exec(text); m !== null; m = literals.exec(text))
      hits.push({ start: m.index, end: m.index + m[0].length, rule: 'literal' });
    return resolveOverlaps(hits);
  };

  const decoder = new TextDecoder('utf-8');
  const encoder = new TextEncoder();
  const out: Uint8Array[] = [];
  let copyFrom = 0;
  let changedLines = 0;
  const ranges: [number, number][] = [];
  forEachLine(bytes, (_index, start, end) => ranges.push([start, end]));
  for (let index = 0; index < ranges.length; index++) {
    if (options.pause && index > 0 && index % PAUSE_LINES === 0) await options.pause();
    const [start, end] = ranges[index] as [number, number];
    const lineEdits = edits.get(index);
    if (!state.flagged.has(index) && lineEdits === undefined && rawLiterals === null) continue;
    const text = decoder.decode(bytes.subarray(start, end));
    if (!state.flagged.has(index) && lineEdits === undefined) {
      rawLiterals!.lastIndex = 0;
      if (!rawLiterals!.test(text)) continue;
    }
    const parsed = parseLine(text);
    let next: string;
    if (parsed === null) {
      next = replaceIn(text, withLiterals(text, detector.find(text)));
    } else {
      const facts = lineStreamFacts(parsed);
      if (lineEdits) for (const [member, piece] of lineEdits) setPiece(parsed, member, piece);
      const changed = mapStrings(
        parsed,
        (value, key) => replaceIn(value, withLiterals(value, hitsOf(detector, value, key))),
        () => {},
        facts.isPiecePath,
      );
      next = changed || lineEdits ? JSON.stringify(parsed) : text;
    }
    if (next === text) continue;
    out.push(bytes.subarray(copyFrom, start), encoder.encode(next));
    copyFrom = end;
    changedLines++;
  }
  out.push(bytes.subarray(copyFrom));
  const total = out.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of out) {
    joined.set(part, at);
    at += part.length;
  }
  return {
    bytes: joined,
    scan,
    counts: [...counts].map(([rule, n]) => ({ rule, count: n })).sort((a, b) => a.rule.localeCompare(b.rule)),
    changedLines,
  };
}
