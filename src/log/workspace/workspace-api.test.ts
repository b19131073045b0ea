// The workspace API as the worker and the UI use it (docs/workspace.md), end to end over the fixture
// sessions root: entries → discovery → tree → summaries → roll-up and links. Every type is named
// as a caller names it, so a change to the public entry (src/log/index.ts) shows here.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  DescriptorFact,
  DiscoverOptions,
  FailureState,
  LinkEvidence,
  LinkSubject,
  MatchConfidence,
  MentionKind,
  ParentLink,
  SessionFailure,
  SessionFile,
  SessionHeadFacts,
  SessionHeadRead,
  SessionKind,
  SessionLayout,
  SessionLink,
  SessionLinks,
  SessionListRow,
  SessionMentionFact,
  SessionSummary,
  SessionSummaryRead,
  SessionTree,
  SessionTreeNode,
  SpawnCallFact,
  SubtreeTotals,
  SummarizeOptions,
  TokenTotals,
  WorkControl,
  Workspace,
  WorkspaceEntry,
  WorkspacePathKind,
  WorkspaceSession,
  ZipEntries,
} from '../index.ts';
import {
  buildSessionListReport,
  buildSessionTree,
  classifyWorkspacePath,
  deriveSessionLinks,
  discoverSessions,
  entryFromBytes,
  listZipEntries,
  readSessionHead,
  rollUpSessionTree,
  summarizeWorkspace,
} from '../index.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { readDirectoryEntries } from '../testing/workspace-entries.ts';

describe('the workspace API, as the worker drives it', () => {
  it('lists, builds the tree, summarizes with progress, rolls up and links', async () => {
    const entries: WorkspaceEntry[] = readDirectoryEntries(join(FIXTURES_DIR, 'sessions/root'));
    const kinds: WorkspacePathKind[] = entries.map((entry) => classifyWorkspacePath(entry.path));
    expect(kinds.filter((kind) => kind.kind === 'session-log')).toHaveLength(entries.length);

    const headProgress: number[] = [];
    const control: WorkControl = { onProgress: (done) => headProgress.push(done) };
    const options: DiscoverOptions = { ...control, concurrency: 2 };
    const workspace: Workspace = await discoverSessions(entries, options);
    expect(headProgress.at(-1)).toBe(workspace.sessions.length + 1); // + the broken file's group

    const first: WorkspaceSession = workspace.sessions[0] as WorkspaceSession;
    const layout: SessionLayout = first.layout;
    const history: SessionFile[] = workspace.sessions.flatMap((session) => session.generations);
    expect(layout).toBe('session-directory');
    expect(history.map((file) => file.generation)).toEqual([3, 0]);

    const tree: SessionTree = buildSessionTree(workspace.sessions);
    const orphan: SessionTreeNode | undefined = tree.nodeById.get(tree.orphans[0] as string);
    const kind: SessionKind | undefined = orphan?.kind;
    expect(kind).toBe('subagent');

    const seen: string[] = [];
    const summarizeOptions: SummarizeOptions = {
      onSummary: (session: WorkspaceSession, read: SessionSummaryRead) =>
        seen.push(`${session.id}:${read.ok}`),
    };
    const { summaries } = await summarizeWorkspace(workspace.sessions, summarizeOptions);
    expect(seen).toHaveLength(workspace.sessions.length);
    const summary: SessionSummary = summaries.get(first.id) as SessionSummary;
    const failure: SessionFailure = summary.failure;
    const state: FailureState = failure.state;
    const tokens: TokenTotals = summary.tokens;
    expect(state).toBe('ok');
    expect(tokens.inputTokens).toBeGreaterThan(0);

    const totals: Map<string, SubtreeTotals> = rollUpSessionTree(tree, summaries);
    const rootTotals = totals.get('14dda109-5728-45ba-a002-7db9543fe50e') as SubtreeTotals;
    expect(rootTotals.sessions).toBe(3);

    const subjects: LinkSubject[] = workspace.sessions;
    const links: SessionLinks = deriveSessionLinks(subjects, summaries);
    const link: SessionLink = links.links[0] as SessionLink;
    const evidence: LinkEvidence = link.evidence;
    const confidence: MatchConfidence = link.confidence;
    expect([evidence, confidence]).toEqual(['one-shot-call', 'high']);
    const parent: ParentLink = links.parents.get(link.toId) as ParentLink;
    expect(parent.parentSeq).toBe(link.fromSeq);

    const child = summaries.get(link.toId) as SessionSummary;
    const descriptor: DescriptorFact | null = child.links.descriptor;
    expect(descriptor?.label).toBe('Return ALPHA only');
    const parentFacts = summaries.get(link.fromId) as SessionSummary;
    const call: SpawnCallFact | undefined = parentFacts.links.calls.find(
      (candidate) => candidate.seq === link.fromSeq,
    );
    expect(call?.description).toBe(descriptor?.label);
    const mentions: SessionMentionFact[] = [...summaries.values()].flatMap((each) => each.links.mentions);
    const mentionKinds: MentionKind[] = mentions.map((mention) => mention.kind);
    expect(mentionKinds).toEqual(['subagent-settled']);

    const rows: SessionListRow[] = buildSessionListReport('root', workspace, summaries).sessions;
    expect(rows.map((row) => row.id)).toEqual(workspace.sessions.map((session) => session.id));
  });

  it('reads one head, and lists a ZIP held in memory', async () => {
    const entry = readDirectoryEntries(join(FIXTURES_DIR, 'sessions/root')).find((candidate) =>
      candidate.path.endsWith('session.v4.jsonl.zstd'),
    ) as WorkspaceEntry;
    const read: SessionHeadRead = await readSessionHead(entry);
    const head: SessionHeadFacts | null = read.ok ? read.head : null;
    expect(head).toMatchObject({ version: 4, generation: 4, cwd: '/home/dev/projects/text-turn' });
    const zip: ZipEntries = listZipEntries(new Uint8Array(0), '', 'empty.zip');
    expect(zip.problems).toHaveLength(1);
    const memory = entryFromBytes('a/session.jsonl', new TextEncoder().encode('{}\n'), true);
    expect(memory.isExplicit).toBe(true);
  });
});
