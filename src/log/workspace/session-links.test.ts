// Links between sessions (FORMAT.md §8.2 table) over the fixture sessions root (real parent/child
// logs, fixtures/sessions/README.md), over summaries built by hand for the ambiguous cases, and
// over a root laid out in a temp dir from every corpus log with a subagent in its name.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { describe, expect, it } from 'vitest';
import type { LinkSummary, SessionLinkFacts } from '../index.ts';
import { buildSessionTree, deriveSessionLinks, discoverSessions, summarizeWorkspace } from '../index.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { SESSIONS_FIXTURE_DIR, buildSessionsFixture } from '../testing/make-sessions-fixtures.ts';
import { readDirectoryEntries } from '../testing/workspace-entries.ts';
import { projectDirectoryName, sessionDirectoryName } from './storage-names.ts';

const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

async function linksOfDirectory(dir: string) {
  const workspace = await discoverSessions(readDirectoryEntries(dir));
  const { summaries } = await summarizeWorkspace(workspace.sessions);
  return { workspace, summaries, links: deriveSessionLinks(workspace.sessions, summaries) };
}

describe('deriveSessionLinks on fixtures/sessions/root', () => {
  it('links continuable starts and settled messages exactly, and one-shot calls by the heuristic', async () => {
    const { links } = await linksOfDirectory(join(FIXTURES_DIR, 'sessions/root'));
    const brief = links.links.map((link) => [
      link.fromId.slice(0, 8),
      link.fromSeq,
      link.toId.slice(0, 8),
      link.evidence,
      link.confidence,
      link.isSpawn,
      link.isAmbiguous,
    ]);
    expect(brief).toEqual([
      ['14dda109', 99, '553f8e92', 'one-shot-call', 'high', true, false],
      ['14dda109', 165, '5f49e80c', 'one-shot-call', 'high', true, false],
      ['96cf59c9', 158, 'ada8966c', 'one-shot-call', 'high', true, false],
      ['9841fdb9', 15, 'a44e2671', 'one-shot-call', 'high', true, false],
      ['a44e2671', 17, 'de004935', 'one-shot-call', 'high', true, false],
      ['session-', 21, 'e671f875', 'continuable-start', 'exact', true, false],
      ['session-', 38, 'e671f875', 'subagent-settled', 'exact', false, false],
    ]);
    expect(links.linksFrom.get('14dda109-5728-45ba-a002-7db9543fe50e')?.map((link) => link.callId)).toEqual([
      'call_00_7zDCCjdsQgrk5LR2bAEQ1010',
      'call_00_FudNKuJ0fchSptGy3Scw1411',
    ]);
  });

  it("gives each child its parent's spawning seq, a fork its inherited cut, an orphan no parent seq", async () => {
    const { links } = await linksOfDirectory(join(FIXTURES_DIR, 'sessions/root'));
    expect(links.parents.get('e671f875-8b29-4737-bd0c-f1d894e2fc46')).toMatchObject({
      parentSeq: 21,
      evidence: 'continuable-start',
      confidence: 'exact',
      isParentKnown: true,
      inheritedThroughSeq: null,
    });
    expect(links.parents.get('ada8966c-9fa3-441b-8721-37ff1e795e6a')).toMatchObject({
      parentId: '96cf59c9-b347-48b9-b234-a5200913ad05',
      parentSeq: 158,
      inheritedThroughSeq: 41,
    });
    expect(links.parents.get('ea339828-7885-42e1-9083-4355e6f1708d')).toEqual({
      childId: 'ea339828-7885-42e1-9083-4355e6f1708d',
      parentId: '5138ed0d-e86e-4a7d-b75b-803307e92b17',
      isParentKnown: false,
      parentSeq: null,
      evidence: null,
      confidence: null,
      isAmbiguous: false,
      inheritedThroughSeq: null,
    });
    expect(links.parents.has('14dda109-5728-45ba-a002-7db9543fe50e')).toBe(false);
  });
});

function facts(overrides: Partial<SessionLinkFacts> = {}): SessionLinkFacts {
  return { calls: [], mentions: [], descriptor: null, isTruncated: false, ...overrides };
}
const call = (seq: number, description: string, startedSessionId: string | null = null) => ({
  callId: `c${seq}`,
  name: 'subagent',
  seq,
  callSeq: seq,
  resultSeq: seq + 1,
  startTime: 1_000,
  endTime: 2_000,
  description,
  isBackground: false,
  startedSessionId,
});
const descriptor = (label: string) => ({ seq: 3, version: 2, mode: 'one-shot', provider: 'spawn', label });
const summary = (links: SessionLinkFacts, inheritedEvents: number | null = null): LinkSummary => ({
  links,
  inheritedEvents,
  lastEventTime: 9_000,
});
const session = (id: string, parentSession: string | null, createdAt: number) => ({
  id,
  head: { parentSession, createdAt },
});

describe('deriveSessionLinks on hand-built summaries', () => {
  it('links two children that match one call equally to it, both marked, and says the parent link is ambiguous', () => {
    const links = deriveSessionLinks(
      [session('p', null, 0), session('a', 'p', 1_500), session('b', 'p', 1_600)],
      new Map([
        ['p', summary(facts({ calls: [call(10, 'Same')] }))],
        ['a', summary(facts({ descriptor: descriptor('Same') }))],
        ['b', summary(facts({ descriptor: descriptor('Same') }))],
      ]),
    );
    expect(links.links.map((link) => [link.toId, link.fromSeq, link.isAmbiguous])).toEqual([
      ['a', 10, true],
      ['b', 10, true],
    ]);
    expect(links.parents.get('a')).toMatchObject({ parentSeq: 10, confidence: 'high', isAmbiguous: true });
  });

  it('does not match a child started by id again by time, and marks ids that are not in the workspace', () => {
    const links = deriveSessionLinks(
      [session('p', null, 0), session('known', 'p', 1_500)],
      new Map([
        ['p', summary(facts({ calls: [call(10, 'X', 'known'), call(20, 'Y', 'elsewhere')] }))],
        ['known', summary(facts({ descriptor: descriptor('X') }))],
      ]),
    );
    expect(links.links.map((link) => [link.toId, link.evidence, link.isKnown, link.isSpawn])).toEqual([
      ['known', 'continuable-start', true, true],
      ['elsewhere', 'continuable-start', false, true],
    ]);
  });

  it('links nothing for a call no child fits, and still gives the child its parent (no seq)', () => {
    const links = deriveSessionLinks(
      [session('p', null, 0), session('late', 'p', 50_000)],
      new Map([
        ['p', summary(facts({ calls: [call(10, 'X')] }))],
        ['late', summary(facts({ descriptor: descriptor('Other') }))],
      ]),
    );
    expect(links.links).toEqual([]);
    expect(links.parents.get('late')).toMatchObject({ parentId: 'p', isParentKnown: true, parentSeq: null });
  });

  it('makes workflow and team members spawn links only when their header names the mentioning session', () => {
    const mention = (
      seq: number,
      sessionId: string,
      kind: 'workflow-agent' | 'team-member' | 'session-reference',
    ) => ({
      seq,
      time: 1_000,
      sessionId,
      kind,
    });
    const links = deriveSessionLinks(
      [session('lead', null, 0), session('w', 'lead', 1_100), session('stranger', null, 1_200)],
      new Map([
        [
          'lead',
          summary(
            facts({
              mentions: [
                mention(4, 'w', 'workflow-agent'),
                mention(5, 'stranger', 'team-member'),
                mention(6, 'stranger', 'session-reference'),
              ],
            }),
          ),
        ],
      ]),
    );
    expect(links.links.map((link) => [link.toId, link.evidence, link.isSpawn])).toEqual([
      ['w', 'workflow-agent', true],
      ['stranger', 'team-member', false],
      ['stranger', 'session-reference', false],
    ]);
    expect(links.parents.get('w')).toMatchObject({
      parentSeq: 4,
      evidence: 'workflow-agent',
      confidence: 'exact',
    });
  });
});

describe('the fixture sessions root', () => {
  it.skipIf(!hasCorpus)('is what make-sessions-fixtures.ts writes (rebuild it with that script)', () => {
    for (const [path, bytes] of buildSessionsFixture())
      expect(readFileSync(join(SESSIONS_FIXTURE_DIR, path)).equals(bytes), path).toBe(true);
  });
});

describe.skipIf(!hasCorpus)('a sessions root laid out from the corpus subagent logs', () => {
  it("lists every log once, hangs every child under its parent and finds each child's spawning call", async () => {
    const root = mkdtempSync(join(tmpdir(), 'dsh-sessions-root-'));
    const names = readdirSync(CORPUS_DIR).filter(
      (name) => name.includes('subagent') && name.endsWith('.jsonl.zstd'),
    );
    const ids = new Map<string, string>();
    for (const name of names) {
      const bytes = readFileSync(join(CORPUS_DIR, name));
      const text = new TextDecoder().decode(decompress(new Uint8Array(bytes)));
      const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { id: string; cwd?: string };
      const dir = join(root, projectDirectoryName(header.cwd ?? null), sessionDirectoryName(header.id));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'session.jsonl.zstd'), bytes);
      ids.set(header.id, name);
    }
    const { workspace, summaries, links } = await linksOfDirectory(root);
    expect(workspace.problems).toEqual([]);
    expect(workspace.sessions.map((listed) => listed.id).sort()).toEqual([...ids.keys()].sort());
    const tree = buildSessionTree(workspace.sessions);
    for (const listed of workspace.sessions) {
      const parent = listed.head.parentSession;
      if (parent !== null && ids.has(parent))
        expect(tree.parentById.get(listed.id), ids.get(listed.id)).toBe(parent);
    }
    // Every child that has a descriptor and whose parent is here was started by a call the links find.
    for (const listed of workspace.sessions) {
      const parent = listed.head.parentSession;
      if (parent === null || !ids.has(parent) || summaries.get(listed.id)?.links.descriptor == null) continue;
      expect(links.parents.get(listed.id)?.parentSeq, ids.get(listed.id)).not.toBeNull();
    }
  });
});
