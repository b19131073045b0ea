// What the export dialog asks the worker: the source of the open log, the range, and the
// reviewer's decisions, as a ShareRequest (src/worker/share-protocol.ts). Pure, so it is tested in Node.

import type { ExportFormat, FoundSecret } from '../../log/index.ts';
import type { ShareRange, ShareRequest, ShareSource } from '../../worker/client.ts';

/** The reviewer's word on one secret: mask it (keep the mask) or leave it (skip). */
export type Decision = 'mask' | 'leave';

export interface ShareChoices {
  format: ExportFormat;
  range: 'whole' | 'cursor' | 'turns';
  fromTurn: number;
  toTurn: number;
  withSubtree: boolean;
  markdownView: 'model-view' | 'transcript';
  literals: string[];
  patterns: string[];
  decisions: Record<string, Decision>;
  isStrict: boolean;
}

export function initialChoices(turns: number): ShareChoices {
  return {
    format: 'html',
    range: 'whole',
    fromTurn: 1,
    toTurn: Math.max(1, turns),
    withSubtree: false,
    markdownView: 'model-view',
    literals: [],
    patterns: [],
    decisions: {},
    isStrict: false,
  };
}

function rangeOf(choices: ShareChoices, cursorSeq: number): ShareRange {
  if (choices.range === 'cursor') return { kind: 'cursor', seq: cursorSeq };
  if (choices.range === 'turns')
    return {
      kind: 'turns',
      from: Math.min(choices.fromTurn, choices.toTurn),
      to: Math.max(choices.fromTurn, choices.toTurn),
    };
  return { kind: 'whole' };
}

export function shareRequest(
  choices: ShareChoices,
  source: ShareSource,
  cursorSeq: number,
  salt: string,
  templateUrl: string,
): ShareRequest {
  return {
    source,
    format: choices.format,
    range: rangeOf(choices, cursorSeq),
    withSubtree: choices.withSubtree && source.kind === 'workspace-session',
    markdownView: choices.markdownView,
    salt,
    literals: choices.literals,
    patterns: choices.patterns,
    skip: Object.entries(choices.decisions)
      .filter(([, decision]) => decision === 'leave')
      .map(([hash]) => hash),
    templateUrl,
  };
}

/** Secrets grouped by rule, rules by how many secrets they found (most first), for the review pane. */
export function groupByRule(secrets: readonly FoundSecret[]): [string, FoundSecret[]][] {
  const groups = new Map<string, FoundSecret[]>();
  for (const secret of secrets) {
    const group = groups.get(secret.rule);
    if (group === undefined) groups.set(secret.rule, [secret]);
    else group.push(secret);
  }
  return [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

/** How many secrets have no decision yet (strict mode refuses to export while any has none). */
export function unreviewedCount(
  secrets: readonly FoundSecret[],
  decisions: Record<string, Decision>,
): number {
  return secrets.filter((secret) => decisions[secret.hash] === undefined).length;
}
