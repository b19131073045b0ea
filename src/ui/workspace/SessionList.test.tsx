// Component test of the session list while a session is followed (issue 22, Vitest browser mode,
// real Chromium): the row of the followed session says its unended run is "running" while the
// writer appends within the reader's threshold, as the header does, and "hanging" once the writer
// has been quiet past it; another row whose run has no end stays "hanging" throughout.
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { ThreeAnswers } from '../../log/index.ts';
import { ViewerStoreContext } from '../../store/use-viewer.ts';
import {
  PROGRESS,
  createFakeClient,
  createTestStore,
  summaryOf,
  workspaceRowOf,
} from '../../store/testing/viewer-store-fixture.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { SessionList } from './SessionList.tsx';

const HANGING: ThreeAnswers = {
  viewer: { canRead: true, events: 30, problemLines: 0, sentence: 'This viewer reads all of it.' },
  dsh: {
    answer: 'opens',
    release: 'dsh 0.2.x (generation 4)',
    rule: null,
    seq: null,
    reason: null,
    sentence: 'dsh opens it.',
  },
  run: { ending: 'hanging', turn: 2, seq: 21, sentence: 'Hanging: turn 2 has no turn/end.' },
};

/** A listed session whose summary says its last turn has no end (as the scan read it). */
function hangingRow(id: string, parentId: string | null = null): WorkspaceRow {
  const summary = {
    title: id,
    lastEventTime: null,
    file: { bytes: 100, textBytes: 100, container: 'jsonl', tornTail: false },
    turns: 2,
    toolCalls: 0,
    tokens: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    failure: { state: 'hanging', reason: 'turn 2 has no turn/end (live, or stopped)' },
    verdict: { status: 'ok', reason: null },
    requests: [],
    answers: HANGING,
  } as unknown as WorkspaceRow['summary'];
  const row = workspaceRowOf(id, { parentId, createdAt: id === 'followed' ? 1 : 2 });
  return { ...row, summary, totals: { ...row.totals, sessions: 1, summarized: 1, notOkSessions: 1 } };
}

describe('SessionList while a session is followed', () => {
  it('reads the followed row as running while the writer appends, hanging past the threshold', async () => {
    const fake = createFakeClient();
    const store = createTestStore(fake.client);
    const { actions } = store.getState();
    // Follow a URL whose log is the session 'followed' (its header id), then open a folder holding it.
    actions.followUrl('http://127.0.0.1/session.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(30, 'followed'), PROGRESS);
    actions.openWorkspace('sessions', []);
    fake.workspaceListeners.at(-1)!.onSnapshot({
      rows: [hangingRow('followed'), hangingRow('other')],
      problems: [],
      links: [],
      parents: [],
      ignoredFiles: 0,
      isComplete: true,
    });
    expect(store.getState().live?.status.state).toBe('following');

    const screen = await render(
      <ViewerStoreContext.Provider value={store}>
        <div style={{ height: 600, display: 'flex' }}>
          <SessionList />
        </div>
      </ViewerStoreContext.Provider>,
    );
    const answersOf = (id: string) =>
      screen.container.querySelector(`[data-session-id="${id}"] [data-testid="session-answers"]`);
    await expect.poll(() => answersOf('followed')?.getAttribute('data-run')).toBe('running');
    expect(answersOf('followed')?.textContent).toContain('run running');
    expect(answersOf('other')?.getAttribute('data-run')).toBe('hanging');

    // The writer has been quiet longer than the threshold: the same row reads hanging.
    const live = store.getState().live!;
    store.setState({
      live: {
        ...live,
        status: { ...live.status, lastGrowthAt: Date.now() - live.idleThresholdMs - 1_000 },
      },
    });
    await expect.poll(() => answersOf('followed')?.getAttribute('data-run')).toBe('hanging');
    expect(answersOf('followed')?.textContent).toContain('run hanging');

    // It appended again: running again; once following stops, a run without an end is hanging.
    store.setState({ live: { ...live, status: { ...live.status, lastGrowthAt: Date.now() } } });
    await expect.poll(() => answersOf('followed')?.getAttribute('data-run')).toBe('running');
    actions.stopFollowing();
    store.setState({ live: { ...live, status: { ...live.status, state: 'stopped' } } });
    await expect.poll(() => answersOf('followed')?.getAttribute('data-run')).toBe('hanging');
  });

  it('leaves the running followed session out of "not ok only", the "N not ok" count and its parent\'s roll-up', async () => {
    const fake = createFakeClient();
    const store = createTestStore(fake.client);
    const { actions } = store.getState();
    actions.followUrl('http://127.0.0.1/session.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(30, 'followed'), PROGRESS);
    actions.openWorkspace('sessions', []);
    // A completed parent whose subtree holds the followed child and another child without an end:
    // the worker's roll-up counts both (it goes by the bytes, not the writer's clock).
    const parentBase = workspaceRowOf('parent', { createdAt: 0 });
    const parent: WorkspaceRow = {
      ...parentBase,
      summary: {
        ...(hangingRow('parent').summary as NonNullable<WorkspaceRow['summary']>),
        failure: { state: 'ok', reason: null },
        answers: { ...HANGING, run: { ending: 'completed', turn: 2, seq: 21, sentence: 'Completed.' } },
      },
      totals: { ...parentBase.totals, sessions: 3, summarized: 3, notOkSessions: 2 },
    };
    fake.workspaceListeners.at(-1)!.onSnapshot({
      rows: [parent, hangingRow('followed', 'parent'), hangingRow('other', 'parent')],
      problems: [],
      links: [],
      parents: [],
      ignoredFiles: 0,
      isComplete: true,
    });
    const screen = await render(
      <ViewerStoreContext.Provider value={store}>
        <div style={{ height: 600, display: 'flex' }}>
          <SessionList />
        </div>
      </ViewerStoreContext.Provider>,
    );
    const rowOf = (id: string) => screen.container.querySelector(`[data-session-id="${id}"]`);
    const belowOf = (id: string) => rowOf(id)?.querySelector('[data-testid="subtree-not-ok"]');
    await expect
      .poll(() => rowOf('followed')?.querySelector('[data-run]')?.getAttribute('data-run'))
      .toBe('running');
    // One rule: only 'other' hangs.
    expect(screen.container.querySelector('[data-testid="session-count"]')?.textContent).toBe(
      '3 sessions, 1 not ok',
    );
    expect(belowOf('parent')?.getAttribute('data-count')).toBe('1');
    await screen.getByLabelText('not ok only').click();
    await expect.poll(() => rowOf('parent')).toBeNull();
    expect(rowOf('followed')).toBeNull();
    expect(rowOf('other')).not.toBeNull();

    // Quiet past the threshold: the followed run hangs again, and is counted.
    const live = store.getState().live!;
    store.setState({
      live: { ...live, status: { ...live.status, lastGrowthAt: Date.now() - live.idleThresholdMs - 1_000 } },
    });
    await expect.poll(() => rowOf('followed')).not.toBeNull();
    expect(screen.container.querySelector('[data-testid="session-count"]')?.textContent).toBe(
      '3 sessions, 2 not ok',
    );
  });
});
