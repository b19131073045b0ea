// The refusal vocabulary of the migration audit: the rules, one refusal, the order upstream checks
// in, and the capped list the rules add to (migration-audit.ts runs them).

import type { OpenedLog } from '../open/opened-log.ts';

/**
 * What the migration audit reads of a log: its store, index and header. A decoded log, or one being
 * decoded (the decoder's onEvent hands it out while it reads).
 */
export type AuditedLog = Pick<OpenedLog, 'store' | 'index' | 'header'>;

/** One refusal rule of the migration (the names are ours; each maps to one upstream check). */
export type MigrationRule =
  /** v0/v1 header key outside the exact set of the frozen v0 codec. */
  | 'header-unknown-key'
  /** A header field of the wrong type or value (id, createdAt, delegationDepth, origin, …). */
  | 'header-field'
  /** A header `cwd` that is not an absolute path. */
  | 'header-relative-cwd'
  /** `request/header-delta` or `mode/set`: retired before the migrations existed. */
  | 'obsolete-type'
  /** `request/header.reason: "fallback"`. */
  | 'fallback-reason'
  /** An event type the migration does not know (v0–v2: even when ignorable; v3: unless ignorable). */
  | 'unknown-type'
  /** `subagent/descriptor` with a `version` other than 3 (generation 0). */
  | 'descriptor-version'
  /** A top-level `data` member outside the frozen v0 inventory of its type (generations 0 and 1). */
  | 'unexpected-member'
  /** A message source kind or content block type the v2 → v3 edge cannot carry. */
  | 'unclassified-message'
  /** An assistant/message that does not cite exactly the chunks of its attempt (generations 0 and 1). */
  | 'assistant-provenance'
  /** A reference to an assistant/chunk seq from any other event (the chunks disappear in v2). */
  | 'chunk-reference'
  /** turn/start that does not open the next turn, turn/end without its open turn. */
  | 'turn-order'
  /** step/start out of order, step/end without its open step, turn/end over an open step. */
  | 'step-order'
  /** An event that must be inside a turn (request/header, …) or a step (chunk, message, call) is not. */
  | 'outside-step'
  /** A tool/call or tool/result that does not match one advertised, unsettled call of the step. */
  | 'tool-call-lifecycle'
  /** A step/end or turn/end while an advertised or started call of the step has no result. */
  | 'unresolved-tool-call'
  /** command/done without an earlier command/run, or a command/run id used twice. */
  | 'command-order'
  /** A surface event before the first step/start (generations 0–2: no place for the system head). */
  | 'surface-before-first-step'
  /** A changed system prompt in a request/header outside an open step (generations 0–2). */
  | 'prompt-outside-step'
  /** The release that wrote the log refuses it already; current dsh refuses it too. */
  | 'writer-refuses';

/** One reason current dsh would refuse the log: which rule, where, and one plain sentence. */
export interface FormatRefusal {
  rule: MigrationRule;
  /** The event the rule fired on, or null for the header. */
  seq: number | null;
  /** Its 1-based physical line (the header is line 1), or null when unknown. */
  line: number | null;
  message: string;
}

/** At most this many refusals per rule are kept (the count of all of them is kept too). */
const REFUSALS_PER_RULE_MAX = 20;

/** The order upstream runs its checks in: the first refusal of the lowest stage is the one it reports. */
const STAGE: Readonly<Record<MigrationRule, number>> = {
  'header-unknown-key': 0,
  'header-field': 0,
  'header-relative-cwd': 0,
  'writer-refuses': 0,
  'obsolete-type': 1,
  'fallback-reason': 1,
  'unknown-type': 1,
  'descriptor-version': 1,
  'unexpected-member': 1,
  'assistant-provenance': 1,
  'chunk-reference': 1,
  'turn-order': 2,
  'step-order': 2,
  'outside-step': 2,
  'tool-call-lifecycle': 2,
  'unresolved-tool-call': 2,
  'command-order': 2,
  'surface-before-first-step': 3,
  'prompt-outside-step': 3,
  'unclassified-message': 3,
};

/** How every refusal message starts. */
export const REFUSAL_PREFIX = 'current dsh (0.2.x) would refuse to migrate this log:';

/** The refusals of one audit: capped at REFUSALS_PER_RULE_MAX per rule, every one counted. */
export class RefusalList {
  private readonly items: FormatRefusal[] = [];
  private readonly countByRule = new Map<MigrationRule, number>();
  /** Every refusal added, including those beyond the per-rule cap. */
  count = 0;

  constructor(private readonly log: AuditedLog) {}

  /** Adds a refusal at `seq` (null: the header); `what` is the sentence after REFUSAL_PREFIX. */
  add(rule: MigrationRule, seq: number | null, what: string): void {
    this.count += 1;
    const count = (this.countByRule.get(rule) ?? 0) + 1;
    this.countByRule.set(rule, count);
    if (count > REFUSALS_PER_RULE_MAX) return;
    this.items.push({
      rule,
      seq,
      line: seq === null ? 1 : lineOf(this.log, seq),
      message: `${REFUSAL_PREFIX} ${what}`,
    });
  }

  /** Whether a rule fired at least once. */
  has(rule: MigrationRule): boolean {
    return this.countByRule.has(rule);
  }

  /** The kept refusals in upstream's order: stage, then seq (the header first), then insertion. */
  sorted(): FormatRefusal[] {
    return this.items
      .map((refusal, order) => ({ refusal, order }))
      .sort(
        (a, b) =>
          STAGE[a.refusal.rule] - STAGE[b.refusal.rule] ||
          (a.refusal.seq ?? -1) - (b.refusal.seq ?? -1) ||
          a.order - b.order,
      )
      .map(({ refusal }) => refusal);
  }
}

/** The 1-based physical line of the event at `seq`, or null when the store does not know it. */
function lineOf(log: AuditedLog, seq: number): number | null {
  const { store } = log;
  if (seq < 0 || seq >= store.eventCount) return null;
  const lineIndex = store.eventLine.get(seq);
  return lineIndex >= 0 && lineIndex < store.lineCount ? store.lineNumber.get(lineIndex) : null;
}

/** A value for a sentence: short, never throws. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (value === undefined) return 'nothing';
  return Array.isArray(value) ? 'an array' : 'an object';
}
