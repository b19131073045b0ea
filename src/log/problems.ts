// Problems found while reading a log, and the verdict: what upstream dsh would do with the file.

/**
 * What a problem does to upstream's verdict (FORMAT.md §2.2, §3.4, §3.5):
 * `corrupt` rejects the log, `unsupported` refuses it (version gate, unknown type),
 * `none` is informational (torn tail that upstream cuts off, nesting violations, lenient-mode notes).
 */
export type ProblemEffect = 'corrupt' | 'unsupported' | 'none';

/**
 * The validation stage a problem belongs to, in upstream's order. The verdict names the first
 * problem of the lowest stage whose effect is not `none`, so several defects still yield the
 * cause upstream would report first.
 */
export const ValidationStage = {
  CONTAINER: 0, // sniffing, zstd frames (§1.4)
  HEADER_VERSION: 1, // §2.2 step 3
  HEADER_SHAPE: 2, // §2.2 steps 1, 2, 4, 5
  SCAN: 3, // §3.3 line scanning, packed rows, seq contiguity
  OBSOLETE: 4, // §3.5.1
  LEGACY: 5, // §3.5.2 / §3.6
  MESSAGE_SHAPE: 6, // §3.5.3
  UNKNOWN_TYPE: 7, // §3.5.4
  ENVELOPE: 8, // §3.5.6
  SURFACE: 9, // §3.5.7 / §6.2
  SESSION: 10, // §2.2 step 6: building the session from the header (absolute cwd)
  STRUCTURE: 11, // §7 (never affects the verdict)
} as const;
export type ValidationStage = (typeof ValidationStage)[keyof typeof ValidationStage];

export type ProblemKind =
  | 'not-a-log' // first bytes are neither `{`, a BOM nor zstd magic
  | 'zip' // an export archive, not a single log
  | 'empty' // empty or header-less (§1.4, §10.1)
  | 'bom' // UTF-8 BOM stripped (§1.2)
  | 'zstd-frame' // invalid magic, reserved bits/block type, skippable frame (§1.4)
  | 'zstd-decode' // decompression failed in a complete frame
  | 'zstd-checksum' // content checksum mismatch
  | 'zstd-limit' // a frame larger than this viewer decodes: reading stopped (a viewer limit, not a verdict)
  | 'torn-tail' // torn final frame or partial last line (recovered what was complete)
  | 'torn-record' // complete zstd frames end mid-line (§10.5)
  | 'bad-header' // header line missing, not JSON or wrong shape (§2.2)
  | 'unsupported-version' // header version is a number other than 0
  | 'unparsable-line' // JSON.parse failed, blank line, `null`, too deep
  | 'malformed-packed-row' // §4.3
  | 'seq-gap' // seq not equal to the next index (gap, duplicate, reorder)
  | 'ignored-tail' // lines after the first damage that upstream ignores (§3.3)
  | 'obsolete-type' // §3.5.1
  | 'legacy' // malformed legacy shape (§3.6); a supported one is upgraded and is a note, not a problem
  | 'message-shape' // §3.5.3
  | 'unknown-type' // §3.5.4
  | 'envelope' // §3.5.6 (extra keys, bad seq/time/data/ignorable, request/header config)
  | 'payload' // a payload rule of the current generation (format/payload-rules.ts)
  | 'surface' // §6.2 fold violations
  | 'nesting' // §7.1 turn/step violations (informational)
  | 'too-large' // the text exceeds what this viewer holds: reading stopped (a viewer limit)
  | 'line-too-long'; // a line longer than this viewer parses: reading stopped (a viewer limit)

/**
 * The kinds that say reading stopped at one of this viewer's own bounds (text, frame or line size):
 * they are about the reader, not the file, so their effect is always `none`, and the verdict names
 * the first of them in `viewerLimit` instead (it covers only the part read before it).
 */
const VIEWER_LIMIT_KINDS: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'too-large',
  'zstd-limit',
  'line-too-long',
]);

/**
 * One defect, in file order. `line` is the 1-based physical line number in the decompressed text
 * (the header is line 1); `lineEnd` is set when the problem covers a range of lines. `seq` is the
 * event seq when one applies. `byteOffset` is the offset in the decompressed text (or, for
 * container problems, in the file); `byteEnd`, when known, ends the range: the problem covers the
 * text bytes [byteOffset, byteEnd), the line feed after its last line excluded.
 */
export interface LogProblem {
  kind: ProblemKind;
  effect: ProblemEffect;
  stage: ValidationStage;
  line: number | null;
  lineEnd?: number | null;
  seq: number | null;
  byteOffset: number | null;
  byteEnd?: number | null;
  /** One or two sentences: what is wrong and what the user can do. Plain text, never HTML. */
  message: string;
}

/**
 * What a note is about: a legacy v0 shape upgraded on read as dsh does (FORMAT.md §3.6), or a header
 * `cwd` that only Windows calls absolute (dsh on Linux or macOS refuses it, §2.2 step 6, §10.19).
 */
type NoteKind = 'legacy' | 'windows-cwd';

/**
 * Information about the file that is not a defect: it never changes the verdict, is not counted
 * among the problems and is not a stop of n / N, but it is listed (with its line) so nothing read
 * silently changes. Places as in LogProblem.
 */
export interface LogNote {
  kind: NoteKind;
  line: number | null;
  seq: number | null;
  byteOffset: number | null;
  /** One sentence, plain text. */
  message: string;
}

type VerdictStatus = 'ok' | 'corrupt' | 'unsupported';

/**
 * What upstream dsh would do when loading this log. `reason` is null when ok. `viewerLimit` is set
 * (only) when reading stopped at one of this viewer's own bounds — "too large for this viewer", the
 * message of that problem: then `status` covers only the part read before it, and says nothing of
 * the rest. A viewer limit never makes a log `corrupt`.
 */
export interface Verdict {
  status: VerdictStatus;
  reason: string | null;
  viewerLimit?: string;
}

/** True for a problem that says reading stopped at this viewer's own bound (see Verdict.viewerLimit). */
function isViewerLimit(problem: LogProblem): boolean {
  return VIEWER_LIMIT_KINDS.has(problem.kind);
}

/** The verdict implied by a problem list: first problem of the lowest stage with an effect. */
export function deriveVerdict(problems: readonly LogProblem[]): Verdict {
  let first: LogProblem | null = null;
  let limit: LogProblem | null = null;
  for (const problem of problems) {
    if (limit === null && isViewerLimit(problem)) limit = problem;
    if (problem.effect === 'none') continue;
    if (first === null || problem.stage < first.stage) first = problem;
  }
  const verdict: Verdict =
    first === null
      ? { status: 'ok', reason: null }
      : { status: first.effect === 'unsupported' ? 'unsupported' : 'corrupt', reason: first.message };
  if (limit !== null) verdict.viewerLimit = limit.message;
  return verdict;
}
