// One normalized upstream snapshot rebuilt into stored form: placeholders filled, seq and time added
// to every row, sourceEventSeqs range-encoded.

import { retimeZeroStream, streamSpan, type StreamSpan } from './event-times.ts';
import { fillStructural, makeReplacer, type Pins } from './placeholders.ts';
import { encodeSeqRanges, expandSeqRanges } from './seq-ranges.ts';
import { isObject, mapStrings, type Json, type JsonObject, type StoredLog } from './stored-log.ts';

/** One file of fixtures/generations/SOURCES.json. */
export interface SourceEntry {
  local: string;
  generation: number;
  group: string;
  scenario: string;
  role: number;
  repo: string;
  commit: string;
  path: string;
  sha256: string;
  kind?: 'session' | 'pin';
}

/** Gap between consecutive synthetic event times, in ms. */
const STEP_MS = 1;
/** Base time for a log whose snapshot kept no real time at all. */
const DEFAULT_BASE_MS = 1_790_000_000_000;
/** Fork renames upstream's package scope in plugin strings; the rebuilt logs carry upstream's name. */
const SCOPE_FIXES: Record<string, [string, string]> = {
  'knyazev741/deepseek-harness': ['@knyazevai/', '@deepseek-ai/'],
};

/** Rebuild one normalized snapshot (header + projected rows) into stored form. */
export function rebuild(text: string, entry: SourceEntry, pins: Pins): StoredLog {
  const cwd = `/home/dev/projects/${entry.scenario}`;
  const replace = makeReplacer(entry.scenario, cwd);
  const scopeFix = SCOPE_FIXES[entry.repo];
  const fix = (value: Json): Json =>
    mapStrings(value, (s) => {
      const replaced = replace(s);
      return scopeFix ? replaced.split(scopeFix[0]).join(scopeFix[1]) : replaced;
    });
  const rows = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JsonObject);
  const header = fix(rows[0] as JsonObject) as JsonObject;
  const projected = rows.slice(1).map((row) => fix(row) as JsonObject);
  for (const row of projected)
    if ('seq' in row || 'time' in row) throw new Error(`${entry.local}: row already has seq/time`);

  const datas = projected.map((row) =>
    fillStructural(row['type'] as string, row['data'] as JsonObject, pins),
  );
  const spans = datas.map((data) => streamSpan(data));
  const firstAnchor = spans.findIndex((span) => typeof span === 'object');
  const createdAt = typeof header['createdAt'] === 'number' ? header['createdAt'] : 0;
  let t: number;
  if (firstAnchor >= 0) t = (spans[firstAnchor] as StreamSpan).first - firstAnchor * STEP_MS - STEP_MS;
  else t = createdAt > 0 ? createdAt + 10 : DEFAULT_BASE_MS;
  if (createdAt > 0 && t <= createdAt) t = createdAt + STEP_MS;

  const events: JsonObject[] = projected.map((row, seq) => {
    const span = spans[seq];
    if (typeof span === 'object') t = Math.max(t, span.last);
    const time = t;
    t += STEP_MS;
    let data = datas[seq] as JsonObject;
    if (span === 'zero') data = retimeZeroStream(data, time);
    if (row['type'] === 'feedback/message-put' && isObject(data['item'])) {
      const item = { ...data['item'] };
      if (item['createdAt'] === 0) item['createdAt'] = time;
      if (item['updatedAt'] === 0) item['updatedAt'] = time;
      data = { ...data, item };
    }
    const { type, data: _data, ...rest } = row;
    const event: JsonObject = { type: type as string, seq, time, data };
    for (const [key, value] of Object.entries(rest)) {
      event[key] =
        key === 'sourceEventSeqs' && entry.generation >= 2 && Array.isArray(value)
          ? encodeSeqRanges(expandSeqRanges(value))
          : value;
    }
    return event;
  });
  const storedHeader: JsonObject = { ...header };
  if (createdAt === 0)
    storedHeader['createdAt'] = ((events[0]?.['time'] as number | undefined) ?? DEFAULT_BASE_MS) - 25;
  return { header: storedHeader, events };
}
