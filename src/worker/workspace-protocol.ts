// The workspace's messages between the main thread and the log worker (protocol.ts holds the
// rest): the files handed over, the scan's progress and snapshots of its sessions, and the search
// across them. Type-only: nothing here runs. Everything crosses by structured clone.

import type {
  ParentLink,
  SessionHeadFacts,
  SessionKind,
  SessionLink,
  SessionSearchHit,
  SessionSummary,
  SubtreeTotals,
  WorkspaceProblem,
} from '../log/index.ts';

/** One file of a workspace as the page hands it over: the File and its path relative to what was opened. */
export interface WorkspaceFile {
  file: File;
  /** `/`-separated, relative to the opened folder (webkitRelativePath or the walked path), else the name. */
  path: string;
}

/** Where a workspace scan is. `phase` 'list' reads headers; 'summarize' reads each log once. */
export interface WorkspaceProgress {
  phase: 'list' | 'summarize';
  done: number;
  total: number;
}

/**
 * One session of the open workspace, as the session list shows it: header facts, its place in the
 * lineage tree (rows come in tree order: parents before children, siblings by createdAt), and its
 * summary once the summary pass reached it. Plain data; text fields are untrusted log text.
 */
export interface WorkspaceRow {
  id: string;
  /**
   * The id as the list shows it: as much of it (at least 8 characters after `session-`) as tells it
   * from every other id of the workspace (uniqueIdPrefixes), raw text for the cleaner.
   */
  shownId: string;
  path: string;
  head: SessionHeadFacts;
  /** Paths of its older generations, newest first. */
  generations: string[];
  /** Why dsh would refuse its session directory (discovery's dshRefusals); empty when dsh opens it. */
  dshRefusals?: string[];
  kind: SessionKind;
  depth: number;
  parentId: string | null;
  /** The parent's id as shown (the header's parentSession, also when it is not in the workspace). */
  shownParentId: string | null;
  isOrphan: boolean;
  /** The summary without its link facts (they stay in the worker), or null before the pass reached it. */
  summary: Omit<SessionSummary, 'links'> | null;
  /** Why the summary pass could not read it, or null. */
  failureReason: string | null;
  /** Totals over it and its subtree, from the summaries known so far. */
  totals: SubtreeTotals;
}

/** What the page holds of a workspace: rows, problems and links; small per session. */
export interface WorkspaceSnapshot {
  rows: WorkspaceRow[];
  problems: WorkspaceProblem[];
  /** Links from an event of one session to another (FORMAT.md §8.2), in deriveSessionLinks' order. */
  links: SessionLink[];
  /** For each child session: where its parent started it. */
  parents: ParentLink[];
  ignoredFiles: number;
  /** The scan (listing and summaries) ran to its end. */
  isComplete: boolean;
}

/**
 * A snapshot as it crosses (workspace-snapshot-parts.ts): the rows that changed since the last
 * part, by index in the list of `rowCount` rows, and the rest of the snapshot on the last part of
 * an update (null on the others).
 */
export interface WorkspaceSnapshotPart {
  rowCount: number;
  updates: { index: number; row: WorkspaceRow }[];
  meta: Omit<WorkspaceSnapshot, 'rows'> | null;
}

/** One session's answer to a search across the workspace: its matches, or why it could not be read. */
export interface WorkspaceSearchSession {
  sessionId: string;
  /** How many of its events match (every one counted; `hits` holds the first). */
  total: number;
  hits: SessionSearchHit[];
  /** Why the session could not be searched (unreadable), or null. */
  failure: string | null;
}

/** A part of the answer to a search across the workspace: sessions searched since the last part. */
export interface WorkspaceSearchPart {
  /** Sessions with at least one match or a failure, newly searched (the others only advance `done`). */
  sessions: WorkspaceSearchSession[];
  /** Sessions searched so far, of `total`. */
  done: number;
  total: number;
  /** The last part: every session was searched. */
  isComplete: boolean;
}

export type WorkspaceToMain =
  | { type: 'workspace-progress'; workspaceId: number; progress: WorkspaceProgress }
  | { type: 'workspace-search'; searchId: number; part: WorkspaceSearchPart }
  /** After the listing (headers only), then as summaries arrive, then once at the end (isComplete). */
  | { type: 'workspace-snapshot'; workspaceId: number; part: WorkspaceSnapshotPart }
  | { type: 'workspace-failed'; workspaceId: number; message: string };

export type MainToWorkerWorkspace =
  | { type: 'open-workspace'; workspaceId: number; files: WorkspaceFile[] }
  | { type: 'cancel-workspace'; workspaceId: number }
  /** Searches every session of the workspace for `text` (a newer search replaces it). */
  | { type: 'search-workspace'; searchId: number; text: string }
  | { type: 'cancel-workspace-search'; searchId: number };
