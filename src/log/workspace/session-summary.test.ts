// The listing summary: the same counts and verdict as `inspect`, the failure state triage would
// give, own tokens only for a fork, and the link facts of FORMAT.md §8.2 (own events only).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionSummary, WorkspaceEntry } from '../index.ts';
import {
  buildInspectReport,
  decodeLog,
  deriveUsage,
  summarizeOpenedLog,
  summarizeSession,
  summarizeWorkspace,
} from '../index.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';
import { TriageLogBuilder, toolCallBlock } from '../testing/triage-log-builder.ts';
import { failingEntry, memoryEntry, patchHeader } from '../testing/workspace-entries.ts';

const ROOT = join(FIXTURES_DIR, 'sessions/root');
const fixture = (path: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
const MULTI_PARENT =
  'sessions/root/--home-dev-projects-subagent-multi--/14dda109-5728-45ba-a002-7db9543fe50e/session.jsonl.zstd';
const BACKGROUND_PARENT = 'real-writer/subagent-background/session.jsonl.zstd';
const BACKGROUND_CHILD = 'real-writer/subagent-background/subagents/1/session.jsonl.zstd';
const FORK_CHILD = join(
  ROOT,
  '--home-dev-projects-subagent-fork-in-process--/ada8966c-9fa3-441b-8721-37ff1e795e6a/session.jsonl.zstd',
);

async function summaryOf(bytes: Uint8Array | string): Promise<SessionSummary> {
  const read = await summarizeSession(memoryEntry('x/session.jsonl', bytes));
  if (!read.ok) throw new Error(read.reason);
  return read.summary;
}

describe('summarizeSession', () => {
  it('counts events, turns and tool calls and gives the verdict exactly as inspect does', async () => {
    const bytes = fixture(MULTI_PARENT);
    const summary = await summaryOf(bytes);
    const inspect = buildInspectReport(decodeLog(bytes));
    expect(summary.events).toBe(inspect.events.count);
    expect(summary.turns).toBe(inspect.turns.length);
    expect(summary.toolCalls).toBe(inspect.toolCalls.length);
    // inspect --json adds viewerLimit: null when no viewer limit was reached (additive to CLI.md).
    expect({ ...summary.verdict, viewerLimit: summary.verdict.viewerLimit ?? null }).toEqual(inspect.verdict);
    expect(summary.title).toBe('Use the subagent tool TWICE,');
    expect(summary.head).toMatchObject({ id: '14dda109-5728-45ba-a002-7db9543fe50e', delegationDepth: 0 });
    expect(summary.failure).toEqual({ state: 'ok', reason: null });
    const usage = deriveUsage(decodeLog(bytes));
    expect(summary.tokens.inputTokens).toBe(usage.reduce((sum, point) => sum + point.inputTokens, 0));
    expect(summary.tokens.inputTokens).toBeGreaterThan(0);
    expect(summary.durationMs).toBe((summary.lastEventTime ?? 0) - (summary.head?.createdAt ?? 0));
    expect(
      summary.links.calls.map((call) => [call.seq, call.name, call.description, call.startedSessionId]),
    ).toEqual([
      [99, 'subagent', 'Return ALPHA only', null],
      [165, 'subagent', 'Return BETA only', null],
    ]);
  });

  it('reads a streamed entry (readChunks, any chunk size) to the same summary as one read', async () => {
    const bytes = fixture(MULTI_PARENT);
    const chunked: WorkspaceEntry = {
      path: 's.jsonl.zstd',
      size: bytes.length,
      read: () => Promise.reject(new Error('not used')),
      readChunks: async function* () {
        for (let offset = 0; offset < bytes.length; offset += 777) {
          await Promise.resolve();
          yield bytes.subarray(offset, offset + 777);
        }
      },
    };
    const read = await summarizeSession(chunked);
    expect(read.ok && read.summary).toEqual(await summaryOf(bytes));
  });

  it('finds the continuable start and the settled message in a parent, and the descriptor in its child', async () => {
    const parent = await summaryOf(fixture(BACKGROUND_PARENT));
    expect(parent.links.calls).toContainEqual(
      expect.objectContaining({
        seq: 21,
        callId: 'call_00_delegate',
        startedSessionId: 'e671f875-8b29-4737-bd0c-f1d894e2fc46',
      }),
    );
    expect(parent.links.mentions).toEqual([
      expect.objectContaining({
        seq: 38,
        sessionId: 'e671f875-8b29-4737-bd0c-f1d894e2fc46',
        kind: 'subagent-settled',
      }),
    ]);
    const child = await summaryOf(fixture(BACKGROUND_CHILD));
    expect(child.links.descriptor).toEqual({
      seq: 0,
      version: 2,
      mode: 'continuable',
      provider: 'spawn',
      label: 'Multiply six by seven',
    });
    expect(child.head?.parentSession).toBe('session-8dadf627-21ad-496e-a24a-41dc20e79a49');
    // Opened at the task its parent gave it (seq 8, the first user/message), not at the descriptor.
    expect(child.startSeq).toBe(8);
  });

  it("counts a fork child's own tokens and times only: the inherited prefix is the parent's", async () => {
    const bytes = new Uint8Array(readFileSync(FORK_CHILD));
    const summary = await summaryOf(bytes);
    const opened = decodeLog(bytes);
    expect(summary.inheritedEvents).toBe(42);
    expect(summary.startSeq).toBe(42);
    expect(summary.firstEventTime).toBe(opened.store.eventTime.get(42));
    const all = deriveUsage(opened);
    const own = all.filter((point) => point.seq >= 42);
    expect(own.length).toBeLessThan(all.length);
    expect(summary.tokens.outputTokens).toBe(own.reduce((sum, point) => sum + point.outputTokens, 0));
  });

  it("skips link facts in an inherited prefix: the parent's calls and mentions are not the child's", async () => {
    const builder = new TriageLogBuilder({ id: 'fork' });
    builder.turnStart();
    builder.stepStart();
    builder.attempt([toolCallBlock('c1', 'subagent', '{"description":"d","prompt":"p"}')]);
    const callSeq = builder.toolCall('c1', 'subagent', '{"description":"d","prompt":"p"}');
    builder.toolResult('c1', { text: 'started subagent other-child', callSeq });
    builder.stepEnd();
    builder.turnEnd();
    const inherited = builder.nextSeq;
    builder.event('session/end-seed', {});
    builder.event('subagent/descriptor', { version: 2, mode: 'one-shot', provider: 'fork', label: 'mine' });
    const text = builder.toJsonl();
    const asParent = await summaryOf(text);
    expect(asParent.links.calls.map((call) => call.startedSessionId)).toEqual(['other-child']);
    const asFork = await summaryOf(
      patchHeader(text, {
        parentSession: 'p',
        seedLength: inherited,
        origin: 'subagent',
        delegationDepth: 1,
      }),
    );
    expect(asFork.inheritedEvents).toBe(inherited);
    expect(asFork.links.calls).toEqual([]);
    expect(asFork.links.descriptor).toMatchObject({ label: 'mine', provider: 'fork' });
  });

  it('says why it could not read a file, without throwing', async () => {
    expect(await summarizeSession(failingEntry('x.jsonl'))).toEqual({
      ok: false,
      reason: 'cannot be read (permission withdrawn)',
    });
  });
});

describe('failure state', () => {
  const stateOf = async (text: string | Uint8Array): Promise<[string, string | null]> => {
    const { failure } = await summaryOf(text);
    return [failure.state, failure.reason];
  };

  it('is crashed for a raw crash (a tool/call without result in the open turn) and for a repaired one', async () => {
    const [state, reason] = await stateOf(fixture('triage/crashed-tool-outcome-unknown.jsonl'));
    expect(state).toBe('crashed');
    expect(reason).toMatch(/outcome-unknown/);
    const repaired = new TriageLogBuilder();
    repaired.turnStart();
    repaired.stepStart();
    repaired.attempt([toolCallBlock('c1', 'bash')]);
    const callSeq = repaired.toolCall('c1', 'bash');
    repaired.toolResult('c1', {
      isError: true,
      error: { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' },
      callSeq,
    });
    repaired.stepEnd();
    repaired.turnEnd({ kind: 'interrupted' });
    expect((await stateOf(repaired.toJsonl()))[0]).toBe('crashed');
  });

  it('is crashed for a hanging turn whose log ends torn, hanging for one that just stops', async () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.userMessage('hello');
    expect(await stateOf(builder.toJsonl())).toEqual([
      'hanging',
      'turn 1 has no turn/end (live, or stopped)',
    ]);
    expect((await stateOf(`${builder.toJsonl()}{"type":"assistant/chu`))[0]).toBe('crashed');
  });

  it('is failed for a turn that ended with an error, never for a log dsh only refuses (issue 20); ok otherwise', async () => {
    expect(await stateOf(fixture('triage/turn-error.jsonl'))).toEqual([
      'failed',
      'turn 2 ended with an error',
    ]);
    // Refused by dsh (a newer format), with no turn: the verdict says so, the run state does not.
    expect(await stateOf(new TriageLogBuilder({ version: 7 }).toJsonl())).toEqual(['ok', null]);
    // Refused for a type no dsh release knows, every turn completed: not failed.
    expect(await stateOf(fixture('exact/unknown-type.v4.jsonl'))).toEqual(['ok', null]);
    const fine = new TriageLogBuilder();
    fine.turnStart();
    fine.turnEnd();
    expect(await stateOf(fine.toJsonl())).toEqual(['ok', null]);
  });
});

describe('summarizeWorkspace and summarizeOpenedLog', () => {
  it('summarizes in list order, reports each result, and stops when cancelled', async () => {
    const ok = new TriageLogBuilder().toJsonl();
    const sessions = ['a', 'b', 'c'].map((id) => ({
      id,
      entry: memoryEntry(`${id}/session.jsonl`, patchHeader(ok, { id })),
    }));
    const seen: string[] = [];
    const all = await summarizeWorkspace(sessions as never, {
      onSummary: (session) => seen.push(session.id),
    });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect([...all.summaries.keys()]).toEqual(['a', 'b', 'c']);
    expect(all.isComplete).toBe(true);
    let done = 0;
    const cut = await summarizeWorkspace(sessions as never, {
      onSummary: () => (done += 1),
      isCancelled: () => done >= 1,
    });
    expect(cut.isComplete).toBe(false);
    expect(cut.summaries.size).toBe(1);
  });

  it('gives the summary of an already opened log (the viewer has one when a session is open)', async () => {
    const bytes = fixture(BACKGROUND_CHILD);
    expect(summarizeOpenedLog(decodeLog(bytes))).toEqual(await summaryOf(bytes));
  });
});
