// The header rules of the migration (generations 0–3): key set, field types, absolute cwd.

import { isRecord } from '../event.ts';
import type { FormatGeneration } from '../format/generations/generation.ts';
import { REQUIRED_HEADER_KEYS, rulesOfGeneration } from '../format/generations/generation-rules.ts';
import type { AuditedLog, RefusalList } from './migration-refusals.ts';
import { show } from './migration-refusals.ts';

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0);
}

/** Adds the header's refusals (seq null) for a log of `generation` to `refusals`. */
export function auditHeader(log: AuditedLog, generation: FormatGeneration, refusals: RefusalList): void {
  const header: Record<string, unknown> = isRecord(log.header) ? log.header : {};
  const rules = rulesOfGeneration(generation);
  if (!rules.isHeaderKeySetExact) {
    const allowed = new Set<string>([...REQUIRED_HEADER_KEYS, ...rules.headerOptionalKeys]);
    for (const key of Object.keys(header))
      if (!allowed.has(key))
        refusals.add(
          'header-unknown-key',
          null,
          `the header has the key ${show(key)}, and the generation-${generation} codec admits no key beyond ${[...allowed].join(', ')}.`,
        );
  }
  if (typeof header.id !== 'string') refusals.add('header-field', null, 'the header id is not a string.');
  for (const key of ['createdAt', 'delegationDepth'])
    if (!isCount(header[key]))
      refusals.add(
        'header-field',
        null,
        `the header ${key} is ${show(header[key])}, not a non-negative integer.`,
      );
  for (const key of ['cwd', 'parentSession', 'agentPreset'])
    if (header[key] !== undefined && typeof header[key] !== 'string')
      refusals.add('header-field', null, `the header ${key} is ${show(header[key])}, not a string.`);
  if (header.origin !== undefined && header.origin !== 'subagent')
    refusals.add(
      'header-field',
      null,
      `the header origin is ${show(header.origin)}; only "subagent" is allowed.`,
    );
  if (typeof header.cwd === 'string' && !header.cwd.startsWith('/'))
    refusals.add(
      'header-relative-cwd',
      null,
      `the header cwd ${show(header.cwd)} is not an absolute path, and the migrated header must name an absolute working directory.`,
    );
}
