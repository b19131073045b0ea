// Component test of triage's three answers while the log is followed (issue 22, Vitest browser mode,
// real Chromium): a last turn without an end is "running" while the writer appends within the
// reader's threshold, as the header badge and the session row say, and "hanging" once it is quiet
// past it or following stopped.
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { decodeLog, deriveTriage } from '../../../../log/index.ts';
import { ViewerStoreContext } from '../../../../store/use-viewer.ts';
import {
  PROGRESS,
  createFakeClient,
  createTestStore,
  summaryOf,
} from '../../../../store/testing/viewer-store-fixture.ts';
import { HeaderSection } from './HeaderSection.tsx';

/** Triage of a log whose turn has not ended (its turn/end not written yet). */
function hangingReport() {
  const time = 1_783_352_100_000;
  const lines = [
    { type: 'session', version: 0, id: 'followed', createdAt: time, cwd: '/p', delegationDepth: 0 },
    { type: 'turn/start', seq: 0, time, data: { turn: 1 } },
    { type: 'step/start', seq: 1, time, data: { turn: 1, step: 1 } },
  ];
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
  return deriveTriage(decodeLog(new TextEncoder().encode(text)));
}

describe("triage's answers while the log is followed", () => {
  it('says running while the writer appends, hanging past the threshold and once following stops', async () => {
    const report = hangingReport();
    expect(report.answers.run.ending).toBe('hanging');
    const fake = createFakeClient();
    const store = createTestStore(fake.client);
    const { actions } = store.getState();
    actions.followUrl('http://127.0.0.1/session.jsonl');
    fake.listeners.at(-1)!.onLoaded(summaryOf(30, 'followed'), PROGRESS);
    expect(store.getState().live?.status.state).toBe('following');

    const screen = await render(
      <ViewerStoreContext.Provider value={store}>
        <HeaderSection report={report} onSelect={() => undefined} />
      </ViewerStoreContext.Provider>,
    );
    const run = () => screen.container.querySelector('[data-testid="three-answers"] [data-answer="run"]');
    await expect.poll(() => run()?.getAttribute('data-ending')).toBe('running');
    expect(run()?.textContent).toContain('run running');

    const live = store.getState().live!;
    store.setState({
      live: { ...live, status: { ...live.status, lastGrowthAt: Date.now() - live.idleThresholdMs - 1_000 } },
    });
    await expect.poll(() => run()?.getAttribute('data-ending')).toBe('hanging');
    expect(run()?.textContent).toContain('run hanging');

    store.setState({ live: { ...live, status: { ...live.status, lastGrowthAt: Date.now() } } });
    await expect.poll(() => run()?.getAttribute('data-ending')).toBe('running');
    actions.stopFollowing();
    store.setState({ live: { ...live, status: { ...live.status, state: 'stopped' } } });
    await expect.poll(() => run()?.getAttribute('data-ending')).toBe('hanging');
  });
});
