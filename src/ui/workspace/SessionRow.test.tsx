// Component tests of a session row (Vitest browser mode, real Chromium): rows of sessions whose ids
// share a long stem are told apart by title, then as much id as is unique, then the project's leaf
// directory, and the row's text fits its line.
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { uniqueIdPrefixes } from '../../log/index.ts';
import type { ThreeAnswers } from '../../log/index.ts';
import { workspaceRowOf } from '../../store/testing/viewer-store-fixture.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { SessionRowView, leafDirectory, sessionIdLabels } from './SessionRow.tsx';

function row(id: string, cwd: string | null): WorkspaceRow {
  return workspaceRowOf(id, { cwd, createdAt: null });
}

/** The rows with the ids the worker shows (src/worker/workspace-loop.ts SHOWN_ID). */
function withShownIds(rows: WorkspaceRow[]): WorkspaceRow[] {
  const shown = uniqueIdPrefixes(
    rows.map((item) => item.id),
    { minChars: 8, dropPrefix: 'session-' },
  );
  return rows.map((item) => ({ ...item, shownId: shown.get(item.id) ?? item.id }));
}

const PREVIEWS = withShownIds([
  row('preview-2f9a41c0', '/home/dev/projects/app'),
  row('preview-2f9b0000', '/home/dev/projects/site'),
  row('preview-77aa', '/home/dev/projects/app/'),
]);

describe('SessionRowView', () => {
  it('three sessions whose ids start "preview-" read apart, each with its project’s leaf directory', async () => {
    const labels = sessionIdLabels(PREVIEWS);
    const screen = await render(
      <div style={{ width: 340 }}>
        {PREVIEWS.map((item) => (
          <div key={item.id} style={{ height: 108 }}>
            <SessionRowView
              row={item}
              optionId={item.id}
              idLabel={labels.get(item.id)!}
              isTree
              isActive={false}
              isOpen={false}
              onOpen={() => undefined}
              cost={null}
            />
          </div>
        ))}
      </div>,
    );
    const shown = screen
      .getByTestId('session-id')
      .elements()
      .map((element) => element.textContent);
    expect(shown).toEqual(['preview-2f9a…', 'preview-2f9b…', 'preview-7…']);
    expect(new Set(shown).size).toBe(3);
    const projects = screen.getByTestId('session-project').elements();
    expect(projects.map((element) => element.textContent)).toEqual([' · app', ' · site', ' · app']);
    // The full path stays reachable in the tooltip.
    expect(projects[1]!.getAttribute('title')).toBe('/home/dev/projects/site');
    // The id and project line fits its row: nothing pushed past the sidebar's width.
    const line = screen.getByTestId('session-id').elements()[0]!.parentElement!;
    expect(line.scrollWidth).toBeLessThanOrEqual(line.clientWidth);
  });

  it('says the three answers: a refused log that completed reads "dsh refuses" and "run completed", never "failed"', async () => {
    const answers: ThreeAnswers = {
      viewer: { canRead: true, events: 21, problemLines: 1, sentence: 'This viewer reads it: 21 events.' },
      dsh: {
        answer: 'refuses',
        release: 'dsh 0.2.x (generation 4)',
        rule: 'unknown-type',
        seq: 12,
        reason: 'not a type of any dsh release up to 0.2.1',
        sentence: 'dsh refuses it: not a type of any dsh release up to 0.2.1',
      },
      run: {
        ending: 'completed',
        turn: 1,
        seq: 20,
        sentence: 'Completed: the last turn (1) ended completed.',
      },
    };
    const summary = {
      title: 'A refused but finished run',
      lastEventTime: null,
      file: { bytes: 2048, textBytes: 2048, container: 'jsonl', tornTail: false },
      turns: 1,
      toolCalls: 1,
      tokens: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      failure: { state: 'ok', reason: null },
      verdict: { status: 'unsupported', reason: 'unknown type' },
      answers,
    } as unknown as WorkspaceRow['summary'];
    const item = { ...row('refused-1', '/home/dev/app'), summary };
    const screen = await render(
      <div style={{ width: 340, height: 108 }}>
        <SessionRowView
          row={item}
          optionId="o"
          idLabel="refused-1"
          isTree={false}
          isActive={false}
          isOpen={false}
          onOpen={() => undefined}
          cost={null}
        />
      </div>,
    );
    const chips = screen.getByTestId('session-answers').element();
    expect(chips.textContent).toContain('1 problem line');
    expect(chips.textContent).toContain('dsh refuses');
    expect(chips.textContent).toContain('run completed');
    expect(chips.getAttribute('data-dsh')).toBe('refuses');
    expect(chips.closest('[role="option"]')?.textContent).not.toMatch(/fail|unsupported/i);
    const line = chips.parentElement!;
    expect(line.scrollWidth).toBeLessThanOrEqual(line.clientWidth);
  });

  it('says how many runs below a parent are not ok, its own ending left to its chips, on one line', async () => {
    const base = row('parent-1', '/home/dev/app');
    const totals = { ...base.totals, sessions: 4, summarized: 4, busyMs: 65_000, notOkSessions: 2 };
    const render1 = (item: WorkspaceRow) =>
      render(
        <div style={{ width: 340, height: 108 }}>
          <SessionRowView
            row={item}
            optionId="o"
            idLabel={item.id}
            isTree
            isActive={false}
            isOpen={false}
            onOpen={() => undefined}
            cost={null}
          />
        </div>,
      );
    const screen = await render1({ ...base, totals });
    const count = screen.getByTestId('subtree-not-ok').element();
    expect(count.textContent).toBe(' · 2 runs not ok below');
    const line = count.parentElement!;
    expect(line.scrollWidth).toBeLessThanOrEqual(line.clientWidth);
    await screen.unmount();
    const none = await render1({ ...base, totals: { ...totals, notOkSessions: 0 } });
    expect(none.getByTestId('subtree-not-ok').elements()).toHaveLength(0);
  });

  it('drops a session- prefix and shows a whole id with no ellipsis', () => {
    const labels = sessionIdLabels(withShownIds([row('session-8dadf627-21ad', null), row('e671f875', null)]));
    expect(labels.get('session-8dadf627-21ad')).toBe('8dadf627…');
    expect(labels.get('e671f875')).toBe('e671f875');
  });

  it('names a project by its last directory', () => {
    expect(leafDirectory('/home/dev/projects/app')).toBe('app');
    expect(leafDirectory('C:\\work\\tool\\')).toBe('tool');
    expect(leafDirectory('/')).toBe('/');
  });
});
