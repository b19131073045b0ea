// The body of one request/header (FORMAT.md §5.2), read on demand: its config, system prompt and
// tools, and what changed since the header before it (tools by name, config by field). Parses that
// header and its predecessor only; what is in force at a seq is request-context.ts's.

import { findFirstAtOrAbove } from '../base/binary-search.ts';
import { isRecord } from '../event.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { readUpgradedEventAt } from '../storage/chunk-reader.ts';

/** The sampling and route fields of a header's `config`; a field the header lacks is null. */
export interface RequestConfig {
  provider: string | null;
  model: string | null;
  reasoningEffort: string | null;
  temperature: number | null;
  maxTokens: number | null;
  stop: string[] | null;
}

/** One tool of a request/header (the text is as logged: untrusted). */
export interface RequestTool {
  name: string;
  description: string;
  /** The JSON schema of its arguments, as logged (null when absent). */
  parameters: unknown;
}

/** What changed from the previous request/header, by tool name and config field. */
export interface RequestHeaderChanges {
  previousSeq: number;
  isSystemChanged: boolean;
  addedTools: string[];
  removedTools: string[];
  /** Tools present in both whose description or parameters differ. */
  changedTools: string[];
  /** Names of the RequestConfig fields that differ. */
  changedConfig: (keyof RequestConfig)[];
}

/** The body of one request/header (FORMAT.md §5.2), read on demand: tool schemas can be large. */
export interface RequestHeaderDetail {
  seq: number;
  /** `initial`, `resume`, `change`, and from generation 4 `series` (open set); null when missing. */
  reason: string | null;
  /** Generation 4: the header starts a series of requests. */
  isSeriesStart: boolean;
  config: RequestConfig;
  /** Config fields the adapter filled in rather than the caller (`adapterDefaults`), by name. */
  adapterDefaults: string[];
  /** The rendered system prompt; null when the header has none (generation 3 on keeps it on the surface). */
  system: string | null;
  /** The tools, in header order; [] when absent (absent = none). */
  tools: RequestTool[];
  /** Entries of `tools` that are not objects with a string name (skipped). */
  unreadableToolCount: number;
  /** Compared with the previous header; null for the first. */
  changes: RequestHeaderChanges | null;
}

const CONFIG_FIELDS: readonly (keyof RequestConfig)[] = [
  'provider',
  'model',
  'reasoningEffort',
  'temperature',
  'maxTokens',
  'stop',
];

function readString(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === 'string' ? value : null;
}

function readNumber(record: Record<string, unknown>, key: string): number | null {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function readConfig(value: unknown): RequestConfig {
  const config = isRecord(value) ? value : {};
  const stop = config.stop;
  return {
    provider: readString(config, 'provider'),
    model: readString(config, 'model'),
    reasoningEffort: readString(config, 'reasoningEffort'),
    temperature: readNumber(config, 'temperature'),
    maxTokens: readNumber(config, 'maxTokens'),
    stop: Array.isArray(stop) ? stop.filter((item): item is string => typeof item === 'string') : null,
  };
}

/** A header body without its changes (those need the previous header). */
type ParsedHeader = Omit<RequestHeaderDetail, 'changes'>;

function parseHeader(log: OpenedLog, seq: number): ParsedHeader {
  const data = readUpgradedEventAt(log.store, seq).data;
  const record = isRecord(data) ? data : {};
  const header = isRecord(record.header) ? record.header : {};
  const tools: RequestTool[] = [];
  let unreadableToolCount = 0;
  if (Array.isArray(header.tools))
    for (const tool of header.tools as unknown[]) {
      if (!isRecord(tool) || typeof tool.name !== 'string') {
        unreadableToolCount += 1;
        continue;
      }
      tools.push({
        name: tool.name,
        description: typeof tool.description === 'string' ? tool.description : '',
        parameters: tool.parameters ?? null,
      });
    }
  const adapterDefaults = isRecord(header.adapterDefaults)
    ? Object.keys(header.adapterDefaults).filter(
        (key) => (header.adapterDefaults as Record<string, unknown>)[key] === true,
      )
    : [];
  return {
    seq,
    reason: readString(record, 'reason'),
    isSeriesStart: record.startsSeries === true,
    config: readConfig(header.config),
    adapterDefaults,
    system: readString(header, 'system'),
    tools,
    unreadableToolCount,
  };
}

/** JSON text of a logged value for comparison; a value JSON cannot write (too deep) compares as itself. */
function comparableJson(value: unknown): unknown {
  try {
    return JSON.stringify(value);
  } catch {
    // Nested deeper than JSON.stringify recurses: such a value never compares equal to another.
    return value;
  }
}

function compareHeaders(previous: ParsedHeader, current: ParsedHeader): RequestHeaderChanges {
  const before = new Map(previous.tools.map((tool) => [tool.name, tool]));
  const after = new Map(current.tools.map((tool) => [tool.name, tool]));
  const changedTools: string[] = [];
  for (const [name, tool] of after) {
    const old = before.get(name);
    if (old === undefined) continue;
    if (
      old.description !== tool.description ||
      comparableJson(old.parameters) !== comparableJson(tool.parameters)
    )
      changedTools.push(name);
  }
  return {
    previousSeq: previous.seq,
    isSystemChanged: previous.system !== current.system,
    addedTools: [...after.keys()].filter((name) => !before.has(name)),
    removedTools: [...before.keys()].filter((name) => !after.has(name)),
    changedTools,
    changedConfig: CONFIG_FIELDS.filter(
      (field) => comparableJson(previous.config[field]) !== comparableJson(current.config[field]),
    ),
  };
}

/**
 * The body of the request/header at `seq` and what changed since the one before it, or null when
 * `seq` is not a request/header. Parses that header and its predecessor (and nothing else).
 */
export function readRequestHeader(log: OpenedLog, seq: number): RequestHeaderDetail | null {
  const headerSeqs = log.index.requestHeaderSeqs;
  const position = findFirstAtOrAbove(headerSeqs, seq);
  if (headerSeqs[position] !== seq) return null;
  const current = parseHeader(log, seq);
  const previousSeq = position > 0 ? (headerSeqs[position - 1] as number) : null;
  return {
    ...current,
    changes: previousSeq === null ? null : compareHeaders(parseHeader(log, previousSeq), current),
  };
}
