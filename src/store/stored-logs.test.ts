// Tests of the stored logs (issue 12, "Permalink hijack" and "Privacy"): nothing is kept at open, a
// permalink made or followed keeps its log under the hash of its bytes, and a log that claims
// another's session id cannot take over that log's permalink.
import { describe, expect, it } from 'vitest';
import type { LogSummary } from '../worker/client.ts';
import { storageKeyOf, type StoredLog } from './log-persistence.ts';
import {
  createFakeClient,
  createMemoryPersistence,
  createTestStore,
  IMMEDIATE_PREPARER,
  PROGRESS,
  summaryOf,
} from './testing/viewer-store-fixture.ts';

const VICTIM_KEY = 'a'.repeat(64);
const ATTACKER_KEY = 'b'.repeat(64);

function summaryWith(contentKey: string, sessionId: string, name = 'a.jsonl'): LogSummary {
  return { ...summaryOf(50, sessionId), contentKey, name };
}

function setUp() {
  const fake = createFakeClient();
  const persistence = createMemoryPersistence();
  const store = createTestStore(fake.client, IMMEDIATE_PREPARER, persistence);
  const finish = (summary: LogSummary) => fake.listeners.at(-1)!.onLoaded(summary, PROGRESS);
  /** Lets the stores' promise chains (persistence calls) run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { fake, persistence, store, finish, settle };
}

describe('stored logs', () => {
  it('keeps nothing when a file is only opened', async () => {
    const { persistence, store, finish, settle } = setUp();
    store.getState().actions.openFile(new File(['x'], 'victim.jsonl'));
    finish(summaryWith(VICTIM_KEY, 'shared-id'));
    await settle();
    expect(persistence.logs.size).toBe(0);
  });

  it('keeps the open log under its content key and source when a link is made', async () => {
    const { persistence, store, finish } = setUp();
    const file = new File(['victim bytes'], 'victim.jsonl');
    store.getState().actions.openFile(file);
    finish(summaryWith(VICTIM_KEY, 'shared-id', 'victim.jsonl'));
    expect(await store.getState().actions.keepOpenLog('link')).toBe(true);
    const [stored] = [...persistence.logs.values()];
    expect(stored).toMatchObject({
      key: `file:${VICTIM_KEY}`,
      contentKey: VICTIM_KEY,
      sessionId: 'shared-id',
      source: { kind: 'file', name: 'victim.jsonl' },
      reason: 'link',
    });
    expect(store.getState().storedLogs).toHaveLength(1);
  });

  it('reopens the victim’s log from its permalink after a log claiming the same session id was linked', async () => {
    const { fake, persistence, store, finish, settle } = setUp();
    store.getState().actions.openFile(new File(['victim bytes'], 'victim.jsonl'));
    finish(summaryWith(VICTIM_KEY, 'shared-id', 'victim.jsonl'));
    await store.getState().actions.keepOpenLog('link');
    // The attacker's log is followed through a permalink of its own: it is kept too, under its own key.
    store.getState().actions.requestJump({ seq: 3, sessionId: 'shared-id', logKey: ATTACKER_KEY }, []);
    store.getState().actions.openUrl('https://attacker.example/evil.jsonl');
    finish(summaryWith(ATTACKER_KEY, 'shared-id', 'evil.jsonl'));
    await settle();
    expect([...persistence.logs.keys()].sort()).toEqual(
      [`file:${VICTIM_KEY}`, `url:${ATTACKER_KEY}:https://attacker.example/evil.jsonl`].sort(),
    );
    // The victim's permalink names the victim's bytes: the stored copy opens, not the attacker's URL.
    const opened = fake.listeners.length;
    await store.getState().actions.reopenLink({ logKey: VICTIM_KEY, sessionId: 'shared-id' });
    expect(fake.listeners.length).toBe(opened + 1);
    expect(store.getState().openedSource).toMatchObject({ kind: 'file', file: { name: 'victim.jsonl' } });
  });

  it('does not apply nor keep a followed link whose log has other bytes', async () => {
    const { persistence, store, finish, settle } = setUp();
    store.getState().actions.requestJump({ seq: 3, sessionId: 's1', logKey: VICTIM_KEY }, []);
    store.getState().actions.openUrl('https://x.example/a.jsonl');
    finish(summaryWith(ATTACKER_KEY, 's1'));
    await settle();
    expect(store.getState().cursorSeq).toBe(49);
    expect(store.getState().notice).toMatch(/made for another log/);
    expect(persistence.logs.size).toBe(0);
  });

  it('keeps a log reached by following its permalink, so a reload of the link finds it', async () => {
    const { persistence, store, finish, settle } = setUp();
    store.getState().actions.requestJump({ seq: 3, sessionId: 's1', logKey: VICTIM_KEY }, []);
    store.getState().actions.openUrl('https://x.example/a.jsonl');
    finish(summaryWith(VICTIM_KEY, 's1'));
    await settle();
    expect(store.getState().cursorSeq).toBe(3);
    expect([...persistence.logs.keys()]).toEqual([`url:${VICTIM_KEY}:https://x.example/a.jsonl`]);
  });

  it('asks which log an old session-only link means when several claim the session', async () => {
    const { persistence, store } = setUp();
    for (const [contentKey, name] of [
      [VICTIM_KEY, 'victim.jsonl'],
      [ATTACKER_KEY, 'evil.jsonl'],
    ] as const) {
      const source = { kind: 'file' as const, name, blob: new Blob([name]) };
      await persistence.save({
        key: storageKeyOf(contentKey, source),
        contentKey,
        sessionId: 'shared-id',
        source,
        bytes: 1,
        savedAt: 1,
        reason: 'link',
      });
    }
    await store.getState().actions.reopenLink({ logKey: null, sessionId: 'shared-id' });
    expect(
      store
        .getState()
        .storedChoice?.map((log) => log.source.name)
        .sort(),
    ).toEqual(['evil.jsonl', 'victim.jsonl']);
  });

  it('re-keys an earlier version’s copy by its content once it is opened, and deletes each or all', async () => {
    const { persistence, store, finish, settle } = setUp();
    const legacy: StoredLog = {
      key: 'legacy:s1',
      contentKey: null,
      sessionId: 's1',
      source: { kind: 'file', name: 'old.jsonl', blob: new Blob(['old']) },
      bytes: 3,
      savedAt: 1,
      reason: 'earlier-version',
    };
    await persistence.save(legacy);
    await store.getState().actions.reopenLink({ logKey: null, sessionId: 's1' });
    finish(summaryWith(VICTIM_KEY, 's1', 'old.jsonl'));
    await settle();
    await settle();
    expect([...persistence.logs.keys()]).toEqual([`file:${VICTIM_KEY}`]);
    await store.getState().actions.deleteStoredLog(`file:${VICTIM_KEY}`);
    expect(store.getState().storedLogs).toEqual([]);
    await persistence.save(legacy);
    await store.getState().actions.deleteAllStoredLogs();
    expect(persistence.logs.size).toBe(0);
  });
});
