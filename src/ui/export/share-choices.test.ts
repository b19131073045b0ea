import { describe, expect, it } from 'vitest';
import type { FoundSecret } from '../../log/index.ts';
import { groupByRule, initialChoices, shareRequest, unreviewedCount } from './share-choices.ts';

const secret = (hash: string, rule: string): FoundSecret => ({
  hash,
  rule,
  mask: `[REDACTED:${rule}:${hash}]`,
  secret: 'x',
  count: 1,
  occurrences: [],
});

describe('share choices', () => {
  const file = { kind: 'file', file: new File(['{}'], 'a.jsonl') } as const;

  it('turns the dialog into a request: range, left secrets as skips, no subtree outside a workspace', () => {
    const choices = {
      ...initialChoices(4),
      range: 'turns' as const,
      fromTurn: 3,
      toTurn: 2,
      withSubtree: true,
      decisions: { aaaaaaaa: 'leave' as const, bbbbbbbb: 'mask' as const },
    };
    const request = shareRequest(choices, file, 17, 'salt', 'http://x/export/viewer.html');
    expect(request.range).toEqual({ kind: 'turns', from: 2, to: 3 });
    expect(request.skip).toEqual(['aaaaaaaa']);
    expect(request.withSubtree).toBe(false);
    expect(shareRequest({ ...choices, range: 'cursor' }, file, 17, 's', '').range).toEqual({
      kind: 'cursor',
      seq: 17,
    });
  });

  it('groups by rule (largest group first) and counts what strict mode waits for', () => {
    const secrets = [secret('1', 'jwt'), secret('2', 'aws-access-key'), secret('3', 'aws-access-key')];
    expect(groupByRule(secrets).map(([rule, group]) => [rule, group.length])).toEqual([
      ['aws-access-key', 2],
      ['jwt', 1],
    ]);
    expect(unreviewedCount(secrets, { '1': 'mask' })).toBe(2);
    expect(unreviewedCount(secrets, { '1': 'mask', '2': 'leave', '3': 'mask' })).toBe(0);
  });
});
