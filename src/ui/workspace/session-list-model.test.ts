import { describe, expect, it } from 'vitest';
import { workspaceRowOf } from '../../store/testing/viewer-store-fixture.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { isFailedRow, projectsOf, selectSessionRows } from './session-list-model.ts';

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
    expect(rows.filter(isFailedRow).map((r) => r.id)).toEqual(['cut', 'hangs']);
  });
});
