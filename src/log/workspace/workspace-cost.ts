// `cost <dir | zip>` (CLI.md): every session's own money and time, and each session's subtree
// rolled up (a parent with its subagents and forks), in the lineage order of `tree`.

import type { CostReport, CostReportRequest, CostReportTotal } from '../cost/cost-report.ts';
import type { DecoderOptions } from '../open/log-decoder.ts';
import { buildCostIndex } from '../cost/cost-index.ts';
import { buildCostReport, describePrices } from '../cost/cost-report.ts';
import type { PriceTable } from '../cost/price-table.ts';
import type { WorkspaceSession } from './discover-sessions.ts';
import { decodeEntry } from './session-summary.ts';
import type { SessionTreeNode } from './session-tree.ts';
import { buildSessionTree } from './session-tree.ts';

interface WorkspaceCostSession {
  id: string;
  path: string;
  parentSession: string | null;
  /** The session's own requests (a fork's inherited prefix is its parent's). */
  total: CostReportTotal;
  /** It and every session below it in the lineage tree. */
  subtree: CostReportTotal;
}

export interface WorkspaceCostReport {
  currency: string;
  prices: CostReport['prices'];
  /** Every session's own total, summed: each request once. */
  total: CostReportTotal;
  sessions: WorkspaceCostSession[];
  /** Every own request, with the session it belongs to. */
  requests: (CostReportRequest & { session: string })[];
  problems: { path: string; message: string }[];
}

/** Reads every session (streamed, one at a time) and builds the document. */
export async function buildWorkspaceCostReport(
  sessions: readonly WorkspaceSession[],
  table: PriceTable,
  decoder: DecoderOptions,
): Promise<WorkspaceCostReport> {
  const own = new Map<string, CostReport>();
  const problems: { path: string; message: string }[] = [];
  for (const session of sessions) {
    try {
      own.set(session.id, buildCostReport(buildCostIndex(await decodeEntry(session.entry, decoder), table)));
    } catch (error) {
      problems.push({
        path: session.path,
        message: `cannot be read (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }
  const tree = buildSessionTree(sessions);
  const subtree = new Map<string, CostReportTotal>();
  const order: SessionTreeNode[] = [];
  const stack = [...tree.roots];
  while (stack.length > 0) {
    const node = stack.pop() as SessionTreeNode;
    order.push(node);
    stack.push(...[...node.children].reverse());
  }
  for (const node of [...order].reverse()) {
    let sum = own.get(node.id)?.total ?? emptyTotal();
    for (const child of node.children) sum = addTotal(sum, subtree.get(child.id) ?? emptyTotal());
    subtree.set(node.id, sum);
  }
  const byId = new Map(sessions.map((session) => [session.id, session]));
  let total = emptyTotal();
  for (const report of own.values()) total = addTotal(total, report.total);
  return {
    currency: table.currency,
    prices: describePrices(table),
    total,
    sessions: order.map((node) => {
      const session = byId.get(node.id);
      return {
        id: node.id,
        path: session?.path ?? '',
        parentSession: session?.head.parentSession ?? null,
        total: own.get(node.id)?.total ?? emptyTotal(),
        subtree: subtree.get(node.id) ?? emptyTotal(),
      };
    }),
    requests: order.flatMap((node) =>
      (own.get(node.id)?.requests ?? [])
        .filter((request) => !request.inherited)
        .map((request) => ({ ...request, session: node.id })),
    ),
    problems,
  };
}

function emptyTotal(): CostReportTotal {
  return {
    cost: 0,
    inputTokens: 0,
    cachedInputTokens: 0,
    outputTokens: 0,
    unpriced: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
    requests: 0,
    withoutUsage: 0,
    wallMs: 0,
    modelMs: 0,
    toolMs: 0,
    approvalMs: 0,
    idleMs: 0,
    toolCalls: 0,
    errors: 0,
  };
}

/** Field-wise sum (wall times add up: sessions of a subtree may have run in parallel). */
function addTotal(a: CostReportTotal, b: CostReportTotal): CostReportTotal {
  const sum = emptyTotal();
  for (const key of Object.keys(sum) as (keyof CostReportTotal)[]) sum[key] = a[key] + b[key];
  return sum;
}
