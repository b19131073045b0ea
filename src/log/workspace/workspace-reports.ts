// The CLI.md `ls` and `tree` documents of a workspace: plain JSON-ready data built from the
// discovery, the summaries and the tree. Fields beyond CLI.md's are additions (the contract allows
// them); the named ones keep their names and meanings.

import type { Workspace, WorkspaceProblem, WorkspaceSession } from './discover-sessions.ts';
import type { ThreeAnswers } from '../reports/three-answers.ts';
import type { FailureState } from './failure-state.ts';
import type { SessionListFacts, TokenTotals } from './session-summary.ts';
import type { SessionKind, SessionTreeNode } from './session-tree.ts';
import { buildSessionTree } from './session-tree.ts';

/** One `ls` session (CLI.md), plus generation, last event time, failure state and tokens. */
export interface SessionListRow {
  path: string;
  id: string;
  version: number | null;
  parentSession: string | null;
  origin: string | null;
  delegationDepth: number;
  seedLength: number | null;
  createdAt: number | null;
  cwd: string | null;
  title: string | null;
  /** As in inspect; null when the summary pass could not read the file (then it is also a problem). */
  verdict: 'ok' | 'corrupt' | 'unsupported' | null;
  events: number | null;
  turns: number | null;
  toolCalls: number | null;
  bytes: number;
  /** Paths of the session's other files (older generations), newest first. */
  generations: string[];
  generation: number | null;
  isSeeded: boolean;
  lastEventTime: number | null;
  failure: FailureState | null;
  tokens: TokenTotals | null;
  /**
   * An addition (issue 20): the three answers, the same object as `inspect --json`'s `answers`
   * (can this viewer read it, would dsh open it, how did the run end); null when not summarized.
   */
  answers: ThreeAnswers | null;
}

export interface SessionListReport {
  root: string;
  sessions: SessionListRow[];
  problems: WorkspaceProblem[];
}

/** One `ls` row: the session's head facts and, when it was read, its summary's (listFactsOfLog). */
export function buildSessionListRow(
  session: WorkspaceSession,
  summary: SessionListFacts | undefined,
): SessionListRow {
  const { head } = session;
  return {
    path: session.path,
    id: session.id,
    version: head.version,
    parentSession: head.parentSession,
    origin: head.origin,
    delegationDepth: head.delegationDepth,
    seedLength: head.seedLength,
    createdAt: head.createdAt,
    cwd: head.cwd,
    title: summary?.title ?? null,
    verdict: summary?.verdict.status ?? null,
    events: summary?.events ?? null,
    turns: summary?.turns ?? null,
    toolCalls: summary?.toolCalls ?? null,
    bytes: session.entry.size,
    generations: session.generations.map((file) => file.path),
    generation: summary?.generation ?? head.generation,
    isSeeded: head.isSeeded,
    lastEventTime: summary?.lastEventTime ?? null,
    failure: summary?.failure.state ?? null,
    tokens: summary?.tokens ?? null,
    answers: summary?.answers ?? null,
  };
}

/** The `ls` problems: the discovery's, then the summary failures (as problems of their files), sorted by path. */
export function sortListProblems(problems: WorkspaceProblem[]): WorkspaceProblem[] {
  return problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The `ls` document. `summaries` by session id (a session without one has null summary fields);
 * `failures` are summary-pass reasons by session id, listed as problems of the session's file.
 */
export function buildSessionListReport(
  root: string,
  workspace: Workspace,
  summaries: ReadonlyMap<string, SessionListFacts>,
  failures: ReadonlyMap<string, string> = new Map(),
): SessionListReport {
  const problems: WorkspaceProblem[] = [...workspace.problems];
  const sessions = workspace.sessions.map((session): SessionListRow => {
    const failure = failures.get(session.id);
    if (failure !== undefined) problems.push({ path: session.path, message: failure });
    return buildSessionListRow(session, summaries.get(session.id));
  });
  return { root, sessions, problems: sortListProblems(problems) };
}

/** One node of the `tree` document (CLI.md), plus depth and the orphan mark. */
export interface SessionTreeRow {
  id: string;
  path: string;
  kind: SessionKind;
  depth: number;
  isOrphan: boolean;
  children: SessionTreeRow[];
}

export interface SessionTreeReport {
  roots: SessionTreeRow[];
  orphans: string[];
}

/** The `tree` document of a workspace (headers only: no summary is needed). Iterative: a chain may be 100,000 deep. */
export function buildSessionTreeReport(workspace: Workspace): SessionTreeReport {
  const tree = buildSessionTree(workspace.sessions);
  const pathById = new Map(workspace.sessions.map((session) => [session.id, session.path]));
  const rowOf = (node: SessionTreeNode): SessionTreeRow => ({
    id: node.id,
    path: pathById.get(node.id) ?? '',
    kind: node.kind,
    depth: node.depth,
    isOrphan: node.isOrphan,
    children: [],
  });
  const roots = tree.roots.map(rowOf);
  const stack: [SessionTreeNode, SessionTreeRow][] = tree.roots.map((node, index) => [
    node,
    roots[index] as SessionTreeRow,
  ]);
  while (stack.length > 0) {
    const [node, row] = stack.pop() as [SessionTreeNode, SessionTreeRow];
    for (const child of node.children) {
      const childRow = rowOf(child);
      row.children.push(childRow);
      stack.push([child, childRow]);
    }
  }
  return { roots, orphans: tree.orphans };
}
