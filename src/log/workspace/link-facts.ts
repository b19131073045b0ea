// What one log says about other sessions (FORMAT.md §8.2 table), gathered once per log so that
// links between sessions are derived from small facts (session-links.ts) without reopening logs:
// calls that may have spawned a child, the events that name a session id, and the child's own
// subagent/descriptor. A forked child's inherited prefix is the parent's history and is skipped.

import { isRecord } from '../event.ts';
import { assertNever } from '../base/errors.ts';
import type { KindSessionLinks } from '../format/event-kinds/event-kind.ts';
import { eventKindOf } from '../format/event-kinds/registry.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { readToolResultFacts } from '../format/generations/tool-result-facts.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';
import type { ToolCallRecord } from '../structure/tool-calls.ts';
import { inheritedPrefixLength } from '../projections/inherited-prefix.ts';

/** A tool call that may have started a child session (subagent-like: see isSpawnCandidate). */
export interface SpawnCallFact {
  callId: string;
  /** Tool name as stored (configurable upstream: `subagent`, `subagent_fork`, …). Plain text. */
  name: string;
  /** The seq a link lands on: the tool/call, else the assistant message that asked for it. */
  seq: number;
  callSeq: number | null;
  resultSeq: number | null;
  /** Time of `seq`, and of the result (null: no result, the window stays open to the log's end). */
  startTime: number;
  endTime: number | null;
  /** The call's `description` argument (what a child's descriptor label repeats), clipped; null when absent. */
  description: string | null;
  /** `run_in_background: true` in the arguments. */
  isBackground: boolean;
  /** The child id of a result "started subagent <id>" (a continuable start), else null. */
  startedSessionId: string | null;
}

/** How an event names another session (FORMAT.md §8.2). */
export type MentionKind =
  /** In a parent: a continuable child settled (user/message source `subagent-settled`). */
  | 'subagent-settled'
  /** In a parent: a child reported (`subagent-report`). */
  | 'subagent-report'
  /** In a child: follow-up work from its parent (`coordinator`, the sender is the parent). */
  | 'coordinator'
  /** Material copied from another session (`session-reference`): not a child. */
  | 'session-reference'
  /** `tool-workflow/agent-start.childId`: a workflow member's session. */
  | 'workflow-agent'
  /** `team/member.member.id`: a teammate's session (experimental). */
  | 'team-member'
  /** `team/message/*` sender or target (experimental). */
  | 'team-message';

export interface SessionMentionFact {
  seq: number;
  time: number;
  sessionId: string;
  kind: MentionKind;
}

/** The child's first subagent/descriptor (FORMAT.md §5.3: the first is authoritative). */
export interface DescriptorFact {
  seq: number;
  version: number | null;
  mode: string | null;
  provider: string | null;
  /** The short task description the parent gave (a one-shot call's `description`), clipped. */
  label: string | null;
}

export interface SessionLinkFacts {
  calls: SpawnCallFact[];
  mentions: SessionMentionFact[];
  descriptor: DescriptorFact | null;
  /** True when a list was cut at LINK_FACTS_MAX entries. */
  isTruncated: boolean;
}

/** Calls and mentions a summary keeps at most each (a summary stays small whatever the log). */
const LINK_FACTS_MAX = 2_000;
/** Descriptions and labels are compared whole but kept at most this long. */
const LABEL_MAX_CHARS = 500;

const STARTED_SUBAGENT = /^started subagent (\S+)$/;
const MENTION_SOURCE_KINDS: ReadonlySet<string> = new Set([
  'subagent-settled',
  'subagent-report',
  'coordinator',
]);

function clip(text: string): string {
  return text.length > LABEL_MAX_CHARS ? text.slice(0, LABEL_MAX_CHARS) : text;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * A call that may have spawned a session: its tool name contains "subagent" (upstream's default
 * `subagent`, the fork provider's `subagent_fork`), or its arguments carry both `description` and
 * `prompt` (a renamed subagent tool). Names are configurable upstream, so nothing else is assumed.
 */
function isSpawnCandidate(call: ToolCallRecord): boolean {
  if (/subagent/i.test(call.name)) return true;
  return call.argumentsText.includes('"prompt"') && call.argumentsText.includes('"description"');
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/** The one text of a result ("started subagent <id>"), or null when it has several blocks or none. */
function readStartedSessionId(log: OpenedLog, resultSeq: number): string | null {
  const data = readUpgradedEventAt(log.store, resultSeq).data;
  const facts = readToolResultFacts(isRecord(data) ? data.message : null);
  const texts = facts.content.filter((block) => block.type === 'text');
  const only = texts.length === 1 ? (texts[0] as { text?: unknown }).text : null;
  if (typeof only !== 'string') return null;
  return STARTED_SUBAGENT.exec(only.trim())?.[1] ?? null;
}

function spawnCallFacts(log: OpenedLog, ownFrom: number): SpawnCallFact[] {
  const facts: SpawnCallFact[] = [];
  const time = (seq: number): number => log.store.eventTime.get(seq);
  for (const call of log.index.toolCalls) {
    const seq = call.callSeq ?? call.requestSeq;
    if (seq === null || seq < ownFrom || !isSpawnCandidate(call)) continue;
    const args = parseArguments(call.argumentsText);
    const description = stringOrNull(args.description);
    facts.push({
      callId: call.callId,
      name: call.name,
      seq,
      callSeq: call.callSeq,
      resultSeq: call.resultSeq,
      startTime: time(seq),
      endTime: call.resultSeq === null ? null : time(call.resultSeq),
      description: description === null ? null : clip(description),
      isBackground: args.run_in_background === true,
      startedSessionId: call.resultSeq === null ? null : readStartedSessionId(log, call.resultSeq),
    });
    if (facts.length >= LINK_FACTS_MAX) break;
  }
  return facts;
}

/** The session ids one event names, by FORMAT.md §8.2, by its kind's `sessionLinks` rule. */
function mentionsOf(
  rule: KindSessionLinks,
  data: Record<string, unknown>,
): { sessionId: string; kind: MentionKind }[] {
  const found: { sessionId: string; kind: MentionKind }[] = [];
  const add = (sessionId: unknown, kind: MentionKind): void => {
    if (typeof sessionId === 'string' && sessionId !== '') found.push({ sessionId, kind });
  };
  switch (rule) {
    case 'message-source': {
      const source = isRecord(data.source) ? data.source : {};
      const kind = source.kind;
      if (typeof kind === 'string' && MENTION_SOURCE_KINDS.has(kind))
        add(source.senderSessionId, kind as MentionKind);
      if (kind === 'session-reference' && Array.isArray(source.references))
        for (const reference of source.references)
          if (isRecord(reference)) add(reference.sessionId, 'session-reference');
      break;
    }
    case 'workflow-agent':
      add(data.childId, 'workflow-agent');
      break;
    case 'team-member':
      add(isRecord(data.member) ? data.member.id : null, 'team-member');
      break;
    case 'team-message-queued': {
      const message = isRecord(data.message) ? data.message : {};
      add(message.senderId, 'team-message');
      add(message.targetId, 'team-message');
      break;
    }
    case 'team-message-delivered':
      add(data.targetId, 'team-message');
      break;
    case 'descriptor':
      break;
    default:
      assertNever(rule);
  }
  return found;
}

function readDescriptor(seq: number, data: Record<string, unknown>): DescriptorFact {
  const label = stringOrNull(data.label);
  return {
    seq,
    version: typeof data.version === 'number' ? data.version : null,
    mode: stringOrNull(data.mode),
    provider: stringOrNull(data.provider),
    label: label === null ? null : clip(label),
  };
}

/**
 * Gathers the link facts of a decoded log (its own events only: a fork's inherited prefix is the
 * parent's). Reads back only tool results of spawn candidates and the few event types of §8.2;
 * user/messages are read to check their source.
 */
export function extractLinkFacts(log: OpenedLog): SessionLinkFacts {
  const ownFrom = inheritedPrefixLength(log) ?? 0;
  const calls = spawnCallFacts(log, ownFrom);
  const mentions: SessionMentionFact[] = [];
  let descriptor: DescriptorFact | null = null;
  const { store } = log;
  for (let seq = ownFrom; seq < store.eventCount; seq++) {
    // Which sessions an event names is its kind's registration (format/event-kinds/registry.ts).
    const rule = eventKindOf(store.typeOf(seq))?.sessionLinks;
    if (rule === undefined) continue;
    const event = readUpgradedEventAt(store, seq);
    const data = isRecord(event.data) ? event.data : {};
    if (rule === 'descriptor') {
      descriptor ??= readDescriptor(seq, data);
      continue;
    }
    for (const mention of mentionsOf(rule, data))
      if (mentions.length < LINK_FACTS_MAX) mentions.push({ seq, time: event.time, ...mention });
  }
  const isTruncated = calls.length >= LINK_FACTS_MAX || mentions.length >= LINK_FACTS_MAX;
  return { calls, mentions, descriptor, isTruncated };
}
