// Links between the sessions of a workspace (FORMAT.md §8.2), derived from the summaries' link
// facts (link-facts.ts), so no log is reopened: from an event of one session to another session,
// and for each child, where its parent started it. Ids in the log give exact links; foreground
// one-shot calls are matched by one-shot-match.ts and say how sure they are.

import type { MentionKind, SessionLinkFacts } from './link-facts.ts';
import type { CandidateCall, CandidateChild, MatchConfidence } from './one-shot-match.ts';
import { matchOneShotCalls } from './one-shot-match.ts';

/** What the linking event is: a call (started by id, or matched), or an event naming the session. */
export type LinkEvidence = 'continuable-start' | 'one-shot-call' | MentionKind;

/** From an event of `fromId` (at `fromSeq`) to the session `toId`. */
export interface SessionLink {
  fromId: string;
  fromSeq: number;
  toId: string;
  evidence: LinkEvidence;
  confidence: MatchConfidence;
  /** The call's id for call evidence, else null. Plain text. */
  callId: string | null;
  /** `toId` is a session of this workspace (false: the log names a session that is not here). */
  isKnown: boolean;
  /** The event by which `fromId` started `toId` (a call, a workflow or team member start), as opposed to a later mention. */
  isSpawn: boolean;
  /** Matched as well by another call or child: every candidate is linked, each says so (one-shot only). */
  isAmbiguous: boolean;
  /** One line of plain text on the evidence. */
  note: string;
}

/** For a child (a session with parentSession): where to open its parent. */
export interface ParentLink {
  childId: string;
  parentId: string;
  /** The parent is a session of this workspace. */
  isParentKnown: boolean;
  /** The parent's spawning event (the best spawn link), or null when none was found. */
  parentSeq: number | null;
  evidence: LinkEvidence | null;
  confidence: MatchConfidence | null;
  isAmbiguous: boolean;
  /** A forked child's last inherited seq (seedLength − 1), which is the same event in the parent's log; else null. */
  inheritedThroughSeq: number | null;
}

export interface SessionLinks {
  /** Every link, by fromId (in the order sessions were given), then fromSeq, then toId. */
  links: SessionLink[];
  /** The links of each session's events, keyed by fromId. */
  linksFrom: Map<string, SessionLink[]>;
  /** Keyed by child id, for every session with a parentSession. */
  parents: Map<string, ParentLink>;
}

/** What linking needs of a session and its summary (a WorkspaceSession and a SessionSummary fit). */
export interface LinkSubject {
  id: string;
  head: { parentSession: string | null; createdAt: number | null };
}

export interface LinkSummary {
  links: SessionLinkFacts;
  inheritedEvents: number | null;
  lastEventTime: number | null;
}

const CONFIDENCE_RANK: Record<MatchConfidence, number> = { exact: 0, high: 1, medium: 2, low: 3 };
/** Mentions that start the named session (when its header names the mentioning session as parent). */
const SPAWNING_MENTIONS: ReadonlySet<LinkEvidence> = new Set<LinkEvidence>(['workflow-agent', 'team-member']);
const MENTION_NOTES: Record<MentionKind, string> = {
  'subagent-settled': 'the child settled (its id is in the message)',
  'subagent-report': 'the child reported (its id is in the message)',
  coordinator: 'follow-up work sent by this session (its id is in the message)',
  'session-reference': 'material copied from this session (not a child)',
  'workflow-agent': 'a workflow member (tool-workflow/agent-start.childId)',
  'team-member': 'a teammate (team/member.member.id)',
  'team-message': 'a team message sender or target',
};

/** The exact links of one session's facts: every id its log names. */
function exactLinks(
  session: LinkSubject,
  facts: SessionLinkFacts,
  parentOf: ReadonlyMap<string, string | null>,
): SessionLink[] {
  const links: SessionLink[] = [];
  const isChildOf = (toId: string): boolean => parentOf.get(toId) === session.id || !parentOf.has(toId);
  for (const call of facts.calls) {
    if (call.startedSessionId === null) continue;
    links.push({
      fromId: session.id,
      fromSeq: call.seq,
      toId: call.startedSessionId,
      evidence: 'continuable-start',
      confidence: 'exact',
      callId: call.callId,
      isKnown: parentOf.has(call.startedSessionId),
      isSpawn: isChildOf(call.startedSessionId),
      isAmbiguous: false,
      note: 'the result names the child: "started subagent <id>"',
    });
  }
  for (const mention of facts.mentions)
    links.push({
      fromId: session.id,
      fromSeq: mention.seq,
      toId: mention.sessionId,
      evidence: mention.kind,
      confidence: 'exact',
      callId: null,
      isKnown: parentOf.has(mention.sessionId),
      isSpawn: SPAWNING_MENTIONS.has(mention.kind) && parentOf.get(mention.sessionId) === session.id,
      isAmbiguous: false,
      note: MENTION_NOTES[mention.kind],
    });
  return links;
}

/**
 * Derives every link between `sessions` from their summaries (sessions without one contribute no
 * outgoing links and are matched without a label). Pure: call it again as summaries arrive.
 */
export function deriveSessionLinks(
  sessions: readonly LinkSubject[],
  summaries: ReadonlyMap<string, LinkSummary>,
): SessionLinks {
  const parentOf = new Map(sessions.map((session) => [session.id, session.head.parentSession]));
  const links: SessionLink[] = [];
  for (const session of sessions) {
    const summary = summaries.get(session.id);
    if (summary !== undefined) links.push(...exactLinks(session, summary.links, parentOf));
  }
  const spawned = new Set(links.filter((link) => link.isSpawn).map((link) => link.toId));
  const childrenOf = new Map<string, LinkSubject[]>();
  for (const session of sessions) {
    const parent = session.head.parentSession;
    if (parent === null || spawned.has(session.id)) continue;
    const siblings = childrenOf.get(parent);
    if (siblings === undefined) childrenOf.set(parent, [session]);
    else siblings.push(session);
  }
  for (const session of sessions) {
    const summary = summaries.get(session.id);
    const children = childrenOf.get(session.id);
    if (summary === undefined || children === undefined) continue;
    const calls: CandidateCall[] = summary.links.calls.filter((call) => call.startedSessionId === null);
    const candidates: CandidateChild[] = children.map((child) => ({
      id: child.id,
      createdAt: child.head.createdAt,
      label: summaries.get(child.id)?.links.descriptor?.label ?? null,
    }));
    const callBySeq = new Map(summary.links.calls.map((call) => [call.seq, call]));
    const openEnd = summary.lastEventTime ?? Number.POSITIVE_INFINITY;
    for (const match of matchOneShotCalls(calls, candidates, openEnd))
      links.push({
        fromId: session.id,
        fromSeq: match.callSeq,
        toId: match.childId,
        evidence: 'one-shot-call',
        confidence: match.confidence,
        callId: callBySeq.get(match.callSeq)?.callId ?? null,
        isKnown: true,
        isSpawn: true,
        isAmbiguous: match.isAmbiguous,
        note: match.note,
      });
  }
  const position = new Map(sessions.map((session, index) => [session.id, index]));
  links.sort(
    (a, b) =>
      (position.get(a.fromId) ?? 0) - (position.get(b.fromId) ?? 0) ||
      a.fromSeq - b.fromSeq ||
      (a.toId < b.toId ? -1 : a.toId > b.toId ? 1 : 0),
  );
  const linksFrom = new Map<string, SessionLink[]>();
  for (const link of links) {
    const list = linksFrom.get(link.fromId);
    if (list === undefined) linksFrom.set(link.fromId, [link]);
    else list.push(link);
  }
  return { links, linksFrom, parents: deriveParentLinks(sessions, summaries, links) };
}

/** The best spawn link into each child (exact first, then by confidence, then the earliest event). */
function deriveParentLinks(
  sessions: readonly LinkSubject[],
  summaries: ReadonlyMap<string, LinkSummary>,
  links: readonly SessionLink[],
): Map<string, ParentLink> {
  const ids = new Set(sessions.map((session) => session.id));
  const spawnsInto = new Map<string, SessionLink[]>();
  for (const link of links) {
    if (!link.isSpawn) continue;
    const list = spawnsInto.get(link.toId);
    if (list === undefined) spawnsInto.set(link.toId, [link]);
    else list.push(link);
  }
  const parents = new Map<string, ParentLink>();
  for (const session of sessions) {
    const parentId = session.head.parentSession;
    if (parentId === null) continue;
    const spawns = (spawnsInto.get(session.id) ?? [])
      .filter((link) => link.fromId === parentId)
      .sort((a, b) => CONFIDENCE_RANK[a.confidence] - CONFIDENCE_RANK[b.confidence] || a.fromSeq - b.fromSeq);
    const best = spawns[0];
    const tied = best === undefined ? [] : spawns.filter((link) => link.confidence === best.confidence);
    const inherited = summaries.get(session.id)?.inheritedEvents ?? null;
    parents.set(session.id, {
      childId: session.id,
      parentId,
      isParentKnown: ids.has(parentId),
      parentSeq: best?.fromSeq ?? null,
      evidence: best?.evidence ?? null,
      confidence: best?.confidence ?? null,
      isAmbiguous: best !== undefined && (best.isAmbiguous || tied.length > 1),
      inheritedThroughSeq: inherited !== null && inherited > 0 ? inherited - 1 : null,
    });
  }
  return parents;
}
