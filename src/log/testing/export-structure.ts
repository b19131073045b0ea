// What a redacted or exported log must keep of its source (issue 24): the verdict, the events and
// their seqs and types, the turns and steps, the tool-call pairings with their statuses, the surface,
// and the header's provenance. Text (and so byte offsets) may differ; nothing else may.

import type { OpenedLog } from '../open/opened-log.ts';
import { buildInspectReport } from '../reports/inspect-report.ts';

export function logStructure(log: OpenedLog): unknown {
  const report = buildInspectReport(log);
  const header = report.header as Record<string, unknown> | null;
  return {
    verdict: report.verdict,
    events: report.events,
    problems: report.problems.map((p) => ({ kind: p.kind, line: p.line, seq: p.seq, effect: p.effect })),
    turns: report.turns,
    toolCalls: report.toolCalls,
    surface: report.surface,
    format: report.format,
    provenance:
      header === null
        ? null
        : {
            id: header['id'],
            version: header['version'],
            parentSession: header['parentSession'],
            origin: header['origin'],
            delegationDepth: header['delegationDepth'],
            createdAt: header['createdAt'],
          },
  };
}
