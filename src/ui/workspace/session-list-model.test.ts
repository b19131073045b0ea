import { describe, expect, it } from 'vitest';
import { buildSessionTree, rollUpSessionTree, type SessionSummary } from '../../log/index.ts';
import { workspaceRowOf } from '../../store/testing/viewer-store-fixture.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import {
  isFailedRow,
  notOkRunsBelow,
  notOkRunsBelowText,
  projectsOf,
  selectSessionRows,
} from './session-list-model.ts';

function row(
  id: string,
  cwd: string,
  createdAt: number,
  failed = false,
  title: string | null = null,
  ending = 'completed',
): WorkspaceRow {
  return {
    ...workspaceRowOf(id, { cwd, createdAt }),
    // Only the fields the list model reads.
    summary:
      title === null
        ? null
        : ({
            title,
            failure: { state: 'ok', reason: '' },
            answers: { run: { ending } },
          } as unknown as WorkspaceRow['summary']),
    failureReason: failed ? 'could not be read' : null,
  };
}

const ROWS = [row('a', '/p', 1), row('b', '/q', 3, true), row('c', '/p', 2, false, 'Alpha build')];
const ALL = { isFailedOnly: false, project: null, text: '' };

describe('selectSessionRows', () => {
  it('keeps tree order, or sorts newest first', () => {
    expect(selectSessionRows(ROWS, ALL, 'tree').map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(selectSessionRows(ROWS, ALL, 'created').map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(selectSessionRows(ROWS, ALL, 'title').map((r) => r.id)).toEqual(['a', 'c', 'b']);
  });

  it('filters by failure, project and text', () => {
    expect(selectSessionRows(ROWS, { ...ALL, isFailedOnly: true }, 'tree').map((r) => r.id)).toEqual(['b']);
    expect(selectSessionRows(ROWS, { ...ALL, project: '/p' }, 'tree').map((r) => r.id)).toEqual(['a', 'c']);
    expect(selectSessionRows(ROWS, { ...ALL, text: 'BUILD' }, 'tree').map((r) => r.id)).toEqual(['c']);
    expect(projectsOf(ROWS)).toEqual(['/p', '/q']);
  });

  it('not ok follows the run ending the row shows: a failed or hanging run is, a refused log that completed is not', () => {
    const rows = [
      row('done', '/p', 1, false, 'done'),
      row('cut', '/p', 2, false, 'cut at max tokens', 'failed'),
      row('hangs', '/p', 3, false, 'hangs', 'hanging'),
      row('cancelled', '/p', 4, false, 'cancelled', 'interrupted'),
    ];
    expect(rows.filter((r) => isFailedRow(r)).map((r) => r.id)).toEqual(['cut', 'hangs']);
  });

  it('the runs not ok below a row are the rows below it the not ok filter keeps (one predicate)', () => {
    const place = (parentId: string | null, createdAt: number) => ({ parentId, cwd: '/p', createdAt });
    const rows = [
      { ...row('root', '/p', 1, false, 'root', 'failed'), head: workspaceRowOf('root', place(null, 1)).head },
      ...(
        [
          ['cut', 'root', 'failed'],
          ['hangs', 'cut', 'hanging'],
          ['refused', 'root', 'completed'],
          ['cancelled', 'root', 'interrupted'],
        ] as const
      ).map(([id, parent, ending], index) => ({
        ...row(id, '/p', index + 2, false, id, ending),
        head: workspaceRowOf(id, place(parent, index + 2)).head,
      })),
    ];
    const summaries = new Map(rows.map((item) => [item.id, item.summary as unknown as SessionSummary]));
    const totals = rollUpSessionTree(buildSessionTree(rows), summaries);
    const withTotals = rows.map((item) => ({ ...item, totals: totals.get(item.id)! }));
    const byId = new Map(withTotals.map((item) => [item.id, item]));
    expect(notOkRunsBelow(byId.get('root')!)).toBe(
      withTotals.filter((item) => item.id !== 'root' && isFailedRow(item)).length,
    );
    expect(notOkRunsBelow(byId.get('root')!)).toBe(2);
    expect(notOkRunsBelow(byId.get('cut')!)).toBe(1);
    expect(notOkRunsBelow(byId.get('refused')!)).toBe(0);
    expect(notOkRunsBelowText(2)).toBe('2 runs not ok below');
    expect(notOkRunsBelowText(1)).toBe('1 run not ok below');
  });
});
