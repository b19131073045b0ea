// The lineage tree of a workspace as upstream's tracer builds it (FORMAT.md §8.2): a child hangs
// under the session whose id is its `parentSession`; siblings by createdAt, then id. Only headers
// are needed, so the tree exists before any summary; totals roll up once summaries arrive.

import { compareSessionOrder } from './discover-sessions.ts';
import type { SessionSummary, TokenTotals } from './session-summary.ts';
import { isSummaryNotOk } from './session-summary.ts';

/** CLI.md `tree`: `subagent` when delegationDepth > 0, `fork` when parentSession is set at depth 0, else `root`. */
export type SessionKind = 'root' | 'subagent' | 'fork';

/** What the tree needs of a session: a WorkspaceSession fits. */
export interface TreeSubject {
  id: string;
  head: { parentSession: string | null; createdAt: number | null; delegationDepth: number };
}

export interface SessionTreeNode {
  id: string;
  kind: SessionKind;
  /** Depth in this tree (0 for a root); the header's delegationDepth is a different fact. */
  depth: number;
  /** Its parentSession names a session that is not in the set: it is listed among the roots. */
  isOrphan: boolean;
  /** Its parentSession chain loops back to it (a hostile or broken set): the loop was cut here, making it a root. */
  isCycleCut: boolean;
  children: SessionTreeNode[];
}

export interface SessionTree {
  /** Sessions without a parent in the set (orphans and cycle cuts included), in `ls` order. */
  roots: SessionTreeNode[];
  /** Ids whose parentSession names a session not in the set, in `ls` order. */
  orphans: string[];
  nodeById: Map<string, SessionTreeNode>;
  /** The parent of each node placed under one. */
  parentById: Map<string, string>;
}

/** The kind of a session from its header (CLI.md `tree`). */
export function sessionKindOf(head: TreeSubject['head']): SessionKind {
  if (head.delegationDepth > 0) return 'subagent';
  return head.parentSession !== null ? 'fork' : 'root';
}

/** Sets depths below `root` (iteratively: a hostile chain may be long). */
function assignDepths(root: SessionTreeNode, placed: Set<string>): void {
  const stack: SessionTreeNode[] = [root];
  placed.add(root.id);
  while (stack.length > 0) {
    const node = stack.pop() as SessionTreeNode;
    for (const child of node.children) {
      child.depth = node.depth + 1;
      placed.add(child.id);
      stack.push(child);
    }
  }
}

/** Builds the lineage tree of `sessions` (ids unique, as a Workspace guarantees). */
export function buildSessionTree(sessions: readonly TreeSubject[]): SessionTree {
  const sorted = [...sessions].sort(compareSessionOrder);
  const nodeById = new Map<string, SessionTreeNode>();
  for (const session of sorted)
    nodeById.set(session.id, {
      id: session.id,
      kind: sessionKindOf(session.head),
      depth: 0,
      isOrphan: false,
      isCycleCut: false,
      children: [],
    });
  const parentById = new Map<string, string>();
  const roots: SessionTreeNode[] = [];
  const orphans: string[] = [];
  for (const session of sorted) {
    const node = nodeById.get(session.id) as SessionTreeNode;
    const parent = session.head.parentSession === null ? undefined : nodeById.get(session.head.parentSession);
    if (parent === undefined) {
      node.isOrphan = session.head.parentSession !== null;
      if (node.isOrphan) orphans.push(session.id);
      roots.push(node);
      continue;
    }
    parent.children.push(node);
    parentById.set(session.id, parent.id);
  }
  const placed = new Set<string>();
  for (const root of roots) assignDepths(root, placed);
  // What is left hangs from a parentSession loop: cut each loop at its first session in ls order.
  for (const session of sorted) {
    if (placed.has(session.id)) continue;
    const walked = new Set<string>();
    let id = session.id;
    while (!walked.has(id)) {
      walked.add(id);
      id = parentById.get(id) as string;
    }
    const loop: string[] = [];
    for (let member = id; loop.length === 0 || member !== id; member = parentById.get(member) as string)
      loop.push(member);
    const inLoop = new Set(loop);
    const cut = sorted.find((candidate) => inLoop.has(candidate.id)) as TreeSubject;
    const node = nodeById.get(cut.id) as SessionTreeNode;
    const parent = nodeById.get(parentById.get(cut.id) as string) as SessionTreeNode;
    parent.children = parent.children.filter((child) => child !== node);
    parentById.delete(cut.id);
    node.isCycleCut = true;
    roots.push(node);
    assignDepths(node, placed);
  }
  const order = new Map(sorted.map((session, position) => [session.id, position]));
  roots.sort((a, b) => (order.get(a.id) as number) - (order.get(b.id) as number));
  return { roots, orphans, nodeById, parentById };
}

/** Totals over a session and everything below it, from the summaries known so far. */
export interface SubtreeTotals {
  /** Sessions in the subtree, itself included, and how many of them the totals cover (summarized). */
  sessions: number;
  summarized: number;
  tokens: TokenTotals;
  /** Sum of the sessions' own durationMs (children run in parallel: this can exceed the span). */
  busyMs: number;
  /** Earliest createdAt (else first own event) and latest last event in the subtree; null when none known. */
  startTime: number | null;
  endTime: number | null;
  /**
   * Summarized sessions in the subtree, itself included, that are not ok (isSummaryNotOk: the run
   * ended failed, crashed or hanging, or a turn failed): a log dsh refuses whose run completed is not.
   */
  notOkSessions: number;
}

function emptyTotals(): SubtreeTotals {
  return {
    sessions: 0,
    summarized: 0,
    tokens: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    busyMs: 0,
    startTime: null,
    endTime: null,
    notOkSessions: 0,
  };
}

function addInto(totals: SubtreeTotals, more: SubtreeTotals): void {
  totals.sessions += more.sessions;
  totals.summarized += more.summarized;
  totals.tokens.inputTokens += more.tokens.inputTokens;
  totals.tokens.outputTokens += more.tokens.outputTokens;
  totals.tokens.cacheReadTokens += more.tokens.cacheReadTokens;
  totals.tokens.cacheWriteTokens += more.tokens.cacheWriteTokens;
  totals.busyMs += more.busyMs;
  if (more.startTime !== null)
    totals.startTime = Math.min(totals.startTime ?? more.startTime, more.startTime);
  if (more.endTime !== null) totals.endTime = Math.max(totals.endTime ?? more.endTime, more.endTime);
  totals.notOkSessions += more.notOkSessions;
}

function ownTotals(summary: SessionSummary | undefined): SubtreeTotals {
  const totals = emptyTotals();
  totals.sessions = 1;
  if (summary === undefined) return totals;
  totals.summarized = 1;
  totals.tokens = { ...summary.tokens };
  totals.busyMs = summary.durationMs ?? 0;
  totals.startTime = summary.head?.createdAt ?? summary.firstEventTime;
  totals.endTime = summary.lastEventTime;
  totals.notOkSessions = isSummaryNotOk(summary) ? 1 : 0;
  return totals;
}

/** Rolls tokens, times and failures up every subtree (post-order, iteratively). Keyed by session id. */
export function rollUpSessionTree(
  tree: SessionTree,
  summaries: ReadonlyMap<string, SessionSummary>,
): Map<string, SubtreeTotals> {
  const totals = new Map<string, SubtreeTotals>();
  const order: SessionTreeNode[] = [];
  const stack = [...tree.roots];
  while (stack.length > 0) {
    const node = stack.pop() as SessionTreeNode;
    order.push(node);
    // One push per child: a spread of 130,000 siblings overflows the call's argument limit.
    for (const child of node.children) stack.push(child);
  }
  for (let position = order.length - 1; position >= 0; position--) {
    const node = order[position] as SessionTreeNode;
    const sum = ownTotals(summaries.get(node.id));
    for (const child of node.children) addInto(sum, totals.get(child.id) as SubtreeTotals);
    totals.set(node.id, sum);
  }
  return totals;
}
