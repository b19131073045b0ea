// The CLI and the viewer agree on who or what decided an approval (issue 21): both take the words
// from log/projections/approval-decider.ts, read from approval/decided.outcome (FORMAT.md §5.3).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPROVAL_DECIDER_WORDS, deriveApprovalDecider, deriveTriage } from '../log/index.ts';
import { decodeLog } from '../log/open/log-decoder.ts';
import { TRIAGE_FIXTURES_DIR } from '../log/testing/make-triage-fixtures.ts';
import { formatTriageText } from './format-text.ts';

describe('who decided an approval', () => {
  it('a rejection is the user’s answer; unavailable failed closed; cancelled was never decided', () => {
    expect(deriveApprovalDecider('rejected')).toBe('user');
    expect(deriveApprovalDecider('allowed-once')).toBe('user');
    expect(deriveApprovalDecider('unavailable')).toBe('policy');
    expect(deriveApprovalDecider('cancelled')).toBe('cancelled');
    expect(deriveApprovalDecider('maybe-later')).toBe('unknown');
    expect(deriveApprovalDecider(null)).toBe('unknown');
  });

  it('the CLI’s triage text says it in the card’s words, not a bare enum value', () => {
    const bytes = readFileSync(join(TRIAGE_FIXTURES_DIR, 'rejected-approval.jsonl'));
    const text = formatTriageText(deriveTriage(decodeLog(bytes)));
    expect(text).toContain(`rejected (${APPROVAL_DECIDER_WORDS.user})`);
    expect(text).not.toMatch(/rejected \(user\)/);
  });
});
