// Tests of the worker's answers to direct queries over a real fixture.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildFacetColumns,
  countFacets,
  createLogDecoder,
  decodeLog,
  deriveRequestContext,
  packedMessageCount,
  readEventRows,
  readRequestHeader,
  type ModelMessageDetail,
  type RequestContext,
} from '../log/index.ts';
import type { ModelViewAnswer } from './protocol.ts';
import { answerQuery, transferablesOf } from './queries.ts';

const bytes = new Uint8Array(readFileSync(resolve('public/demo/demo-session.jsonl.zstd')));
const log = decodeLog(bytes);
const lastSeq = log.store.eventCount - 1;

describe('answerQuery', () => {
  it('answers a page of ignored lines, bounded, and null outside an ignored range', () => {
    const text = new TextDecoder().decode(readFileSync(resolve('fixtures/tool-error.jsonl')));
    const lines = text.split('\n');
    const damaged = decodeLog(
      new TextEncoder().encode([...lines.slice(0, 3), 'oops', ...lines.slice(3)].join('\n')),
    );
    const page = answerQuery({ kind: 'ignored-lines', fromLine: 5, count: 10_000 }, damaged);
    expect(page).toMatchObject({ firstLine: 5, damagedLine: 4 });
    expect(page && 'lines' in page && page.lines.length).toBe(Math.min(200, lines.length - 4));
    expect(page && 'lines' in page && page.lines[0]?.text).toBe(lines[3]);
    expect(answerQuery({ kind: 'ignored-lines', fromLine: 2, count: 10 }, damaged)).toBeNull();
  });

  it('names the called tools that only look like a tool the request/header declares', () => {
    const toolLog = decodeLog(new Uint8Array(readFileSync(resolve('fixtures/tool-error.jsonl'))));
    const headerSeq = 7; // tool-error.jsonl's request/header, declaring `bash`
    expect(readRequestHeader(toolLog, headerSeq)?.tools.map((tool) => tool.name)).toContain('bash');
    expect(
      answerQuery({ kind: 'lookalike-tools', headerSeq, names: ['b\u0430sh', 'bash', 'grep'] }, toolLog),
    ).toEqual([{ name: 'b\u0430sh', lookalike: 'bash', reason: 'homoglyph' }]);
  });

  it('checks a call against the request/header in force at its seq, and flags nothing before any header', () => {
    const toolLog = decodeLog(new Uint8Array(readFileSync(resolve('fixtures/tool-error.jsonl'))));
    const headerSeq = 7;
    const names = ['b\u0430sh'];
    expect(answerQuery({ kind: 'lookalike-tools-at', seq: headerSeq + 1, names }, toolLog)).toEqual([
      { name: 'b\u0430sh', lookalike: 'bash', reason: 'homoglyph' },
    ]);
    expect(answerQuery({ kind: 'lookalike-tools-at', seq: headerSeq - 1, names }, toolLog)).toEqual([]);
  });

  it('answers a rows query with the core’s rows', () => {
    expect(answerQuery({ kind: 'rows', startSeq: 3, count: 5 }, log)).toEqual(readEventRows(log, 3, 5));
  });

  it('answers a model view with the bodies of its newest messages, and transfers its columns', () => {
    const query = { kind: 'model-view', seq: lastSeq, tailBodies: 3 } as const;
    const answer = answerQuery(query, log) as ModelViewAnswer;
    const messageCount = packedMessageCount(answer.view);
    expect(messageCount).toBeGreaterThan(3);
    const tailSeqs = Array.from(answer.view.seqs.subarray(messageCount - 3));
    expect(answer.tailBodies.map((detail) => detail.seq)).toEqual(tailSeqs);
    expect(transferablesOf(answer, query)).toEqual([answer.view.seqs.buffer, answer.view.flags.buffer]);
    expect(transferablesOf([], { kind: 'rows', startSeq: 0, count: 1 })).toEqual([]);
  });

  it('answers the request context at a seq, and the header body it names', () => {
    const context = answerQuery({ kind: 'request-context', seq: lastSeq }, log) as RequestContext;
    expect(context).toEqual(deriveRequestContext(log, lastSeq));
    const headerSeq = context.header?.seq;
    expect(headerSeq).toBeTypeOf('number');
    const header = answerQuery({ kind: 'request-header', seq: headerSeq as number }, log);
    expect(header).toEqual(readRequestHeader(log, headerSeq as number));
    expect(header).not.toBeNull();
    expect(answerQuery({ kind: 'request-header', seq: (headerSeq as number) + 1 }, log)).toBeNull();
    // Plain data: it crosses to the page by structured clone.
    expect(structuredClone(context)).toEqual(context);
  });

  it('answers message bodies whose call facts link call and result, and survive the structured clone', () => {
    const view = (answerQuery({ kind: 'model-view', seq: lastSeq, tailBodies: 0 }, log) as ModelViewAnswer)
      .view;
    const seqs = Array.from(view.seqs.subarray(0, packedMessageCount(view)));
    const bodies = answerQuery({ kind: 'messages', seqs }, log) as ModelMessageDetail[];
    const request = bodies.find((body) => body.type === 'assistant/message' && body.toolCalls.length > 0);
    const call = request?.toolCalls[0];
    expect(call?.requestSeq).toBe(request?.seq);
    const result = bodies.find((body) => body.seq === call?.resultSeq);
    expect(result?.toolCalls[0]?.requestSeq).toBe(request?.seq);
    expect(structuredClone(bodies)).toEqual(bodies);
  });

  it('answers times with NaN for seqs outside the log', () => {
    const [first, outside, negative] = answerQuery(
      { kind: 'times', seqs: [0, lastSeq + 1, -1] },
      log,
    ) as number[];
    expect(Number.isFinite(first)).toBe(true);
    expect(outside).toBeNaN();
    expect(negative).toBeNaN();
  });

  it('derives the triage of a finished log once, for the report and the finding seqs alike', () => {
    const report = answerQuery({ kind: 'triage' }, log);
    expect(answerQuery({ kind: 'triage' }, log)).toBe(report);
    const findingSeqs = answerQuery({ kind: 'finding-seqs' }, log);
    expect(findingSeqs).toEqual(
      (report as { findings: { seq: number }[] }).findings.map((finding) => finding.seq),
    );
  });

  it('derives the triage of a log still loading afresh each time', () => {
    const decoder = createLogDecoder();
    decoder.push(bytes.subarray(0, bytes.length >> 1));
    expect(decoder.log.isComplete).toBe(false);
    expect(answerQuery({ kind: 'triage' }, decoder.log)).not.toBe(
      answerQuery({ kind: 'triage' }, decoder.log),
    );
  });

  it('answers facet counts and the narrowed seqs over the log’s facet columns, transferring the seqs', () => {
    const toolLog = decodeLog(new Uint8Array(readFileSync(resolve('fixtures/tool-error.jsonl'))));
    const selection = { source: ['tool' as const] };
    const counts = answerQuery({ kind: 'facets', selection }, toolLog);
    expect(counts).toEqual(countFacets(buildFacetColumns(toolLog), selection));
    const query = { kind: 'filter', selection } as const;
    const seqs = answerQuery(query, toolLog) as Int32Array;
    expect(seqs.length).toBe((counts as { matching: number }).matching);
    expect(Array.from(seqs, (seq) => toolLog.store.typeOf(seq))).toEqual(['tool/call', 'tool/result']);
    expect(transferablesOf(seqs, query)).toEqual([seqs.buffer]);
    // Among candidates (a search's matches): only those that pass.
    const candidates = Int32Array.from([0, seqs[1] as number]);
    expect(Array.from(answerQuery({ ...query, candidates }, toolLog) as Int32Array)).toEqual([seqs[1]]);
  });

  it('answers the rows of given seqs in their order, leaving out seqs outside the log', () => {
    const rows = answerQuery({ kind: 'rows-at', seqs: [7, 2, lastSeq + 1, -1, lastSeq] }, log);
    expect(rows).toEqual([
      ...readEventRows(log, 7, 1),
      ...readEventRows(log, 2, 1),
      ...readEventRows(log, lastSeq, 1),
    ]);
  });

  it('pages through the problems', () => {
    const all = answerQuery({ kind: 'problems', start: 0, count: 1_000 }, log) as unknown[];
    expect(all).toEqual(log.problems);
    expect(answerQuery({ kind: 'problems', start: 1, count: 1 }, log)).toEqual(log.problems.slice(1, 2));
  });
});
