// The CLI's `cost --json` (CLI.md), an independent run of the same log through the Node CLI: what the
// cost specs expect the viewer to show.
import { execFileSync } from 'node:child_process';

interface CliCostTotal {
  cost: number;
  unpriced: number;
  requests: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  wallMs: number;
  modelMs: number;
  toolMs: number;
  approvalMs: number;
  idleMs: number;
  toolCalls: number;
  errors: number;
}

export interface CliCostRequest {
  seq: number;
  model: string;
  provider: string;
  cost: number | null;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  firstTokenMs: number | null;
  generationMs: number | null;
  outputTokensPerSecond: number | null;
}

export interface CliCostReport {
  prices: { source: string; edited: boolean };
  total: CliCostTotal;
  requests: CliCostRequest[];
}

export interface CliWorkspaceCost {
  prices: { source: string; edited: boolean };
  total: CliCostTotal;
  sessions: { id: string; parentSession: string | null; total: CliCostTotal; subtree: CliCostTotal }[];
}

function runCost(target: string, pricesFile?: string): unknown {
  const output = execFileSync(
    'npm',
    [
      'run',
      '--silent',
      'cli',
      '--',
      'cost',
      target,
      '--json',
      ...(pricesFile === undefined ? [] : ['--prices', pricesFile]),
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  return JSON.parse(output);
}

/** `cost FILE --json [--prices EDITS.json]`. */
export function cliCost(file: string, pricesFile?: string): CliCostReport {
  return runCost(file, pricesFile) as CliCostReport;
}

/** `cost DIR --json [--prices EDITS.json]`: every session with its subtree. */
export function cliWorkspaceCost(dir: string, pricesFile?: string): CliWorkspaceCost {
  return runCost(dir, pricesFile) as CliWorkspaceCost;
}
