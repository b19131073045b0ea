// The facets (facet-columns.ts, facet-query.ts) against a reference written the slow, obvious way:
// one object per event, its values derived here from the events and the index's pairings, every
// selection tested value by value. Over every fixture, and every log of the shared corpus when it
// is there (../shared/corpus beside the clone, or $DSH_CORPUS; skipped, saying so, when absent).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import { isRecord } from '../event.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { EVENT_SOURCES, EVENT_STATUSES, buildFacetColumns } from './facet-columns.ts';
import type { EventSource, EventStatus } from './facet-columns.ts';
import { countFacets, filterSeqs, type FacetSelection } from './facet-query.ts';

interface ReferenceEvent {
  type: string;
  turn: number;
  tool: string | null;
  statuses: EventStatus[];
  source: EventSource;
}

/** Who produced an event, from its type and, for a user/message, its message's source (FORMAT.md §5.1). */
function referenceSource(log: OpenedLog, seq: number): EventSource {
  const type = log.store.typeOf(seq);
  if (type === 'user/message' || type === 'steering/message') {
    const data = log.store.readEvent(seq).data;
    const kind = isRecord(data) && isRecord(data.source) ? data.source.kind : undefined;
    return kind === undefined || kind === 'user' ? 'user' : 'context';
  }
  if (type.startsWith('assistant/')) return 'assistant';
  if (type.startsWith('tool/')) return 'tool';
  if (type === 'system/message' || type === 'developer/message') return 'system';
  return 'harness';
}

function referenceEvents(log: OpenedLog): ReferenceEvent[] {
  const events: ReferenceEvent[] = [];
  for (let seq = 0; seq < log.store.eventCount; seq++)
    events.push({
      type: log.store.typeOf(seq),
      turn: log.index.turnOf.get(seq),
      tool: null,
      statuses: [],
      source: referenceSource(log, seq),
    });
  const give = (seq: number | null, name: string, status: EventStatus) => {
    const event = seq === null ? undefined : events[seq];
    if (event === undefined) return;
    event.tool = name;
    if (!event.statuses.includes(status)) event.statuses.push(status);
  };
  // A call's events: its tool/call, first result and pruning replacements (FORMAT.md §7.5), and its approvals (§5.3).
  for (const call of log.index.toolCalls)
    for (const seq of [call.callSeq, call.resultSeq, ...call.replacementSeqs])
      give(seq, call.name, call.status);
  for (const approval of log.index.approvals) {
    const call = approval.callId === null ? undefined : log.index.toolCallById.get(approval.callId);
    if (call === undefined) continue;
    give(approval.askedSeq, call.name, call.status);
    give(approval.decidedSeq, call.name, call.status);
  }
  for (const problem of log.problems) {
    const event = problem.seq === null ? undefined : events[problem.seq];
    if (event !== undefined && !event.statuses.includes('problem')) event.statuses.push('problem');
  }
  return events;
}

function passesExcept(event: ReferenceEvent, selection: FacetSelection, except: keyof FacetSelection | null) {
  const holds = (name: keyof FacetSelection, test: () => boolean) =>
    name === except || (selection[name]?.length ?? 0) === 0 || test();
  return (
    holds('type', () => selection.type?.includes(event.type) === true) &&
    holds('turn', () => selection.turn?.includes(event.turn) === true) &&
    holds('tool', () => event.tool !== null && selection.tool?.includes(event.tool) === true) &&
    holds('status', () => event.statuses.some((status) => selection.status?.includes(status) === true)) &&
    holds('source', () => selection.source?.includes(event.source) === true)
  );
}

/** Random selections (and candidate sets) over `log`: filterSeqs and countFacets say what the reference says. */
function checkAgainstReference(log: OpenedLog, runs: number): void {
  const columns = buildFacetColumns(log);
  const events = referenceEvents(log);
  const values = {
    type: [...new Set(events.map((event) => event.type))],
    turn: [...new Set(events.map((event) => event.turn))],
    tool: [...new Set(events.flatMap((event) => (event.tool === null ? [] : [event.tool])))],
    status: [...EVENT_STATUSES],
    source: [...EVENT_SOURCES],
  };
  const pick = <T>(list: T[]) => fc.subarray(list, { maxLength: Math.min(3, list.length) });
  const allSeqs = events.map((_, seq) => seq);
  fc.assert(
    fc.property(
      fc.record({
        type: pick(values.type),
        turn: pick(values.turn),
        tool: pick(values.tool),
        status: pick(values.status),
        source: pick(values.source),
      }),
      fc.option(fc.subarray(allSeqs)),
      (selection, candidateList) => {
        const candidates = candidateList === null ? undefined : Int32Array.from(candidateList);
        const considered = candidateList ?? allSeqs;
        const expected = considered.filter((seq) =>
          passesExcept(events[seq] as ReferenceEvent, selection, null),
        );
        expect(Array.from(filterSeqs(columns, selection, candidates))).toEqual(expected);
        const counts = countFacets(columns, selection, candidates);
        expect(counts.matching).toBe(expected.length);
        const countWith = (name: keyof FacetSelection, has: (event: ReferenceEvent) => boolean) =>
          considered.filter((seq) => {
            const event = events[seq] as ReferenceEvent;
            return passesExcept(event, selection, name) && has(event);
          }).length;
        for (const { value, count } of counts.type)
          expect(count).toBe(countWith('type', (e) => e.type === value));
        for (const { value, count } of counts.turn)
          expect(count).toBe(countWith('turn', (e) => e.turn === value));
        for (const { value, count } of counts.tool)
          expect(count).toBe(countWith('tool', (e) => e.tool === value));
        for (const { value, count } of counts.status)
          expect(count).toBe(countWith('status', (e) => e.statuses.includes(value)));
        for (const { value, count } of counts.source)
          expect(count).toBe(countWith('source', (e) => e.source === value));
        // Every value the log has is listed, once.
        expect(counts.type.map((entry) => entry.value).sort()).toEqual([...values.type].sort());
        expect(counts.turn.map((entry) => entry.value)).toEqual([...values.turn].sort((a, b) => a - b));
        expect(counts.tool.map((entry) => entry.value).sort()).toEqual([...values.tool].sort());
        const present = (list: readonly string[], has: (value: string) => boolean) => list.filter(has);
        expect(counts.status.map((entry) => entry.value)).toEqual(
          present(EVENT_STATUSES, (status) => events.some((e) => e.statuses.includes(status as EventStatus))),
        );
        expect(counts.source.map((entry) => entry.value)).toEqual(
          present(EVENT_SOURCES, (source) => events.some((e) => e.source === source)),
        );
      },
    ),
    { numRuns: runs, seed: 14 },
  );
}

const FIXTURE_DIR = resolve('fixtures');
const FIXTURES = [
  ...readdirSync(FIXTURE_DIR).filter((name) => name.endsWith('.jsonl')),
  ...readdirSync(resolve(FIXTURE_DIR, 'triage')).map((name) => `triage/${name}`),
  // Generations 2–4 as stored (system and developer messages, role-tool results).
  ...readdirSync(resolve(FIXTURE_DIR, 'generations/stored'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => `generations/stored/${name}`),
];

describe('facets over the fixtures', () => {
  it.each(FIXTURES)('%s: counts and filters agree with the per-event reference', (name) => {
    checkAgainstReference(decodeLog(new Uint8Array(readFileSync(resolve(FIXTURE_DIR, name)))), 40);
  });
});

const CORPUS_LOGS = existsSync(join(CORPUS_DIR, 'MANIFEST.json'))
  ? readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.jsonl'))
  : [];
const describeCorpus = CORPUS_LOGS.length > 0 ? describe : describe.skip;

describeCorpus(
  `facets over the corpus in ${CORPUS_DIR}${CORPUS_LOGS.length > 0 ? '' : ' (folder absent: skipped)'}`,
  () => {
    it('counts and filters every corpus log as the reference does', () => {
      for (const name of CORPUS_LOGS)
        checkAgainstReference(decodeLog(new Uint8Array(readFileSync(join(CORPUS_DIR, name)))), 6);
    });
  },
);
