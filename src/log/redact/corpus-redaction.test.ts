// Redaction over every log of the shared corpus: each redacted log re-opens with the same structure
// (issue 24), and the share of ordinary strings masked stays under 1 % (the corpus holds no real
// credentials; what it does hold is listed by rule in the test output).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { logStructure } from '../testing/export-structure.ts';
import { redactLog } from './redact-log.ts';

const sha256 = (bytes: Uint8Array) => webcrypto.subtle.digest('SHA-256', bytes);
const logs = existsSync(CORPUS_DIR) ? readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.jsonl')) : [];

describe.skipIf(logs.length === 0)(`redaction over the corpus (${CORPUS_DIR})`, () => {
  it('re-opens every redacted log with the same structure, masking under 1 % of its strings', async () => {
    let strings = 0;
    let flagged = 0;
    const byRule = new Map<string, number>();
    for (const name of logs) {
      const bytes = new Uint8Array(readFileSync(join(CORPUS_DIR, name)));
      const redacted = await redactLog(bytes, { sha256, salt: 'corpus' });
      expect(logStructure(decodeLog(redacted.bytes)), name).toEqual(logStructure(decodeLog(bytes)));
      strings += redacted.scan.strings;
      flagged += redacted.scan.stringsWithHits;
      for (const secret of redacted.scan.secrets) byRule.set(secret.rule, (byRule.get(secret.rule) ?? 0) + 1);
    }
    const rate = flagged / strings;
    process.stdout.write(
      `corpus: ${logs.length} logs, ${strings} strings, ${flagged} with a hit (${(rate * 100).toFixed(3)} %); distinct secrets by rule: ${JSON.stringify(Object.fromEntries(byRule))}\n`,
    );
    expect(strings).toBeGreaterThan(1000);
    expect(rate).toBeLessThan(0.01);
  });
});
