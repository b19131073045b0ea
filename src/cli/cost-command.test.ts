// `cost` as a child process (CLI.md): the JSON contract, edits from --prices, a directory's
// subtree roll-up, and agreement with the core the viewer's worker runs (buildCostIndex).

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCostIndex, deriveSessionTotals } from '../log/cost/cost-index.ts';
import { loadBundledPriceTable, withPriceEdits } from '../log/cost/price-table.ts';
import { formatPriceEdits } from '../log/cost/price-edits-json.ts';
import { decodeLog } from '../log/open/log-decoder.ts';
import { FIXTURES_DIR } from '../log/testing/make-decoder-fixtures.ts';

const MAIN = join(import.meta.dirname, 'main.ts');

function runCli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', MAIN, ...args],
      { maxBuffer: 64 << 20 },
      (error, stdout, stderr) =>
        resolve({
          status: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
          stdout,
          stderr,
        }),
    );
  });
}

const LOG = join(FIXTURES_DIR, 'real-writer/text-turn/session.jsonl.zstd');
const SESSIONS = join(FIXTURES_DIR, 'sessions');

interface CostJson {
  currency: string;
  prices: { source: string; edited: boolean };
  total: {
    cost: number;
    inputTokens: number;
    cachedInputTokens: number;
    outputTokens: number;
    unpriced: number;
  };
  requests: {
    seq: number;
    turn: number;
    step: number;
    model: string;
    cost: number | null;
    latencyMs: number;
  }[];
  sessions?: { id: string; total: { cost: number }; subtree: { cost: number } }[];
}

describe('cost', () => {
  it('prints CLI.md’s document with the same totals as the core the viewer runs', async () => {
    const run = await runCli(['cost', LOG, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as CostJson;
    const index = buildCostIndex(decodeLog(readFileSync(LOG)), loadBundledPriceTable());
    const totals = deriveSessionTotals(index);
    expect(report.currency).toBe('USD');
    expect(report.prices).toMatchObject({ source: '@pydantic/genai-prices 0.1.8', edited: false });
    expect(report.total.cost).toBe(totals.cost);
    expect(report.total.cost).toBeGreaterThan(0);
    expect(report.total).toMatchObject({
      inputTokens: totals.inputTokens,
      cachedInputTokens: totals.cachedInputTokens,
      outputTokens: totals.outputTokens,
      unpriced: 0,
    });
    expect(report.requests.map((request) => request.seq)).toEqual(
      index.ledger.requests.map((request) => request.seq),
    );
  });

  it('applies the edits of --prices and says the prices were edited', async () => {
    const index = buildCostIndex(decodeLog(readFileSync(LOG)), loadBundledPriceTable());
    const request = index.ledger.requests.find((candidate) => candidate.tokens !== null);
    const edit = {
      provider: request?.provider ?? '',
      model: request?.model ?? '',
      inputPerMillion: 100,
      outputPerMillion: 200,
    };
    const file = join(mkdtempSync(join(tmpdir(), 'dsh-replay-cost-')), 'edits.json');
    writeFileSync(file, formatPriceEdits([edit], 'test'));
    const report = JSON.parse((await runCli(['cost', LOG, '--json', '--prices', file])).stdout) as CostJson;
    const edited = deriveSessionTotals(
      buildCostIndex(decodeLog(readFileSync(LOG)), withPriceEdits(loadBundledPriceTable(), [edit])),
    );
    expect(report.prices.edited).toBe(true);
    expect(report.total.cost).toBe(edited.cost);
    expect(report.total.cost).toBeGreaterThan(deriveSessionTotals(index).cost);
  });

  it('sums a directory’s sessions and rolls each subtree up', async () => {
    const report = JSON.parse((await runCli(['cost', SESSIONS, '--json'])).stdout) as CostJson;
    const sessions = report.sessions ?? [];
    expect(sessions.length).toBeGreaterThan(1);
    const own = sessions.reduce((sum, session) => sum + session.total.cost, 0);
    expect(report.total.cost).toBeCloseTo(own, 12);
    expect(sessions.some((session) => session.subtree.cost > session.total.cost)).toBe(true);
  });

  it('exits 2 for a missing file', async () => {
    expect((await runCli(['cost', join(FIXTURES_DIR, 'no-such.jsonl')])).status).toBe(2);
  });
});
