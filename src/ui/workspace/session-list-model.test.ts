import { describe, expect, it } from 'vitest';
import { workspaceRowOf } from '../../store/testing/viewer-store-fixture.ts';
import type { WorkspaceRow } from '../../worker/client.ts';
import { projectsOf, selectSessionRows } from './session-list-model.ts';

function row(
  id: string,
  cwd: string,
  createdAt: number,
  failed = false,
  title: string | null = null,
): WorkspaceRow {
  return {
    ...workspaceRowOf(id, { cwd, createdAt }),
    // Only the fields the list model reads.
    summary:
      title === null
        ? null
        : ({ title, failure: { state: 'ok', reason: '' } } as unknown as WorkspaceRow['summary']),
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
});
