// Component tests of the triage findings bar and its section slots (real Chromium): where the
// cursor is among the findings, what wrapping says, and the finding's section marked and in view.
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { TriageFinding, TriageReport } from '../../../log/index.ts';
import { ViewerStoreContext } from '../../../store/use-viewer.ts';
import { openedStore } from '../../../store/testing/viewer-store-fixture.ts';
import { FindingsBar } from './FindingsBar.tsx';
import { FindingSlot } from './FindingSlot.tsx';

function reportWith(findings: TriageFinding[]): TriageReport {
  return { findings } as unknown as TriageReport;
}

function renderBar(findings: TriageFinding[]) {
  const { store, finish } = openedStore(50);
  finish();
  const onSelect = (seq: number) => store.getState().actions.selectEvent(seq);
  const screen = render(
    <ViewerStoreContext.Provider value={store}>
      <FindingsBar report={reportWith(findings)} onSelect={onSelect} />
    </ViewerStoreContext.Provider>,
  );
  return { store, screen };
}

const THREE: TriageFinding[] = [
  { seq: 4, kind: 'retry', label: 'retry 1' },
  { seq: 9, kind: 'failed-call', label: 'TOOL_OUTCOME_UNKNOWN: bash c1' },
  { seq: 20, kind: 'hanging-turn', label: 'turn 3 hangs' },
];

describe('FindingsBar', () => {
  it('says "finding 2 of 3" with its label when the cursor is on the second finding', async () => {
    const { store, screen } = renderBar(THREE);
    const view = await screen;
    store.getState().actions.setCursor(0);
    await expect.element(view.getByTestId('triage-finding-position')).toHaveTextContent('3 findings');
    await view.getByRole('button', { name: 'next ▶' }).click();
    await view.getByRole('button', { name: 'next ▶' }).click();
    expect(store.getState().cursorSeq).toBe(9);
    await expect.element(view.getByTestId('triage-finding-position')).toHaveTextContent('finding 2 of 3');
    await expect.element(view.getByTestId('triage-finding-label')).toHaveTextContent('bash c1');
  });

  it('says when ▶ wraps to the first finding', async () => {
    const { store, screen } = renderBar(THREE);
    const view = await screen;
    store.getState().actions.setCursor(20);
    await view.getByRole('button', { name: 'next ▶' }).click();
    expect(store.getState().cursorSeq).toBe(4);
    await expect.element(view.getByTestId('triage-finding-position')).toHaveTextContent('finding 1 of 3');
    await expect
      .element(view.getByTestId('triage-finding-label'))
      .toHaveTextContent('wrapped to the first finding');
  });

  it('with one finding, ▶ on it says it wrapped to the same one', async () => {
    const { store, screen } = renderBar([{ seq: 7, kind: 'turn-error', label: 'turn 2 error' }]);
    const view = await screen;
    store.getState().actions.setCursor(7);
    await view.getByRole('button', { name: 'next ▶' }).click();
    await expect.element(view.getByTestId('triage-finding-position')).toHaveTextContent('finding 1 of 1');
    await expect
      .element(view.getByTestId('triage-finding-label'))
      .toHaveTextContent('the only finding: wrapped to the same one');
  });
});

describe('FindingSlot', () => {
  it('marks the section of the current finding and scrolls it into view', async () => {
    const view = await render(
      <div style={{ height: 120, overflowY: 'auto' }} data-testid="scroller">
        <div style={{ height: 2_000 }}>filler</div>
        <FindingSlot section="turns" current="turns" seq={20}>
          <p>the hanging turns</p>
        </FindingSlot>
        <FindingSlot section="model" current="turns" seq={20}>
          <p>retries</p>
        </FindingSlot>
      </div>,
    );
    const slot = view.container.querySelector('[data-finding-section="turns"]');
    expect(slot?.getAttribute('data-current-finding')).toBe('true');
    expect(
      view.container.querySelector('[data-finding-section="model"]')?.hasAttribute('data-current-finding'),
    ).toBe(false);
    await expect.element(view.getByText('the hanging turns')).toBeInViewport();
    const scroller = view.getByTestId('scroller').element();
    expect(scroller.scrollTop).toBeGreaterThan(1_000);
  });
});
