import { describe, expect, it } from 'vitest';
import type { WorkspaceRow, WorkspaceSearchSession } from '../../worker/client.ts';
import { describeSearchTotals, flattenSearchResults } from './workspace-search-rows.ts';

const row = (id: string) => ({ id }) as WorkspaceRow;
const found = (sessionId: string, seqs: number[], failure: string | null = null): WorkspaceSearchSession => ({
  sessionId,
  total: seqs.length,
  hits: seqs.map((seq) => ({ seq, type: 'user/message', snippet: 's', match: null })),
  failure,
});

describe('flattenSearchResults', () => {
  it('orders sessions as the list does, each heading followed by its failure or hits; unknown ones last', () => {
    const rows = flattenSearchResults(
      [
        found('child', [4]),
        found('ghost', [1]),
        found('parent', [2, 9]),
        found('broken', [], 'cannot be read'),
      ],
      [row('parent'), row('broken'), row('child')],
    );
    expect(
      rows.map((item) => `${item.kind}:${item.sessionId}${item.kind === 'hit' ? `@${item.hit.seq}` : ''}`),
    ).toEqual([
      'session:parent',
      'hit:parent@2',
      'hit:parent@9',
      'session:broken',
      'failure:broken',
      'session:child',
      'hit:child@4',
      'session:ghost',
      'hit:ghost@1',
    ]);
  });

  it('counts events and the sessions that have any', () => {
    expect(describeSearchTotals([found('a', [1, 2]), found('b', [], 'x'), found('c', [3])])).toBe(
      '3 events in 2 sessions',
    );
    expect(describeSearchTotals([found('a', [1])])).toBe('1 event in 1 session');
  });
});
