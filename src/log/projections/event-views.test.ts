// Tests of the events-pane queries: summaries, rows, detail, links, search, and the transcript.

import { describe, expect, it } from 'vitest';
import { deriveEventLinks, deriveEventProvenance } from './event-links.ts';
import { readEventDetail, readEventRows } from './event-rows.ts';
import { SUMMARY_MAX_CHARS, summarizeEvent } from './event-summary.ts';
import { toPlainLine } from '../base/visible-text.ts';
import { findNextMatch } from '../testing/search-steps.ts';
import { decodeLog } from '../open/log-decoder.ts';
import { LogScript, buildCompactionExample } from '../testing/event-builders.ts';
import { deriveTranscript } from './transcript.ts';

describe('summarizeEvent', () => {
  it('describes the salient fields of common events on one line', () => {
    const log = buildCompactionExample().build();
    expect(summarizeEvent(log, 0)).toBe('turn 1');
    expect(summarizeEvent(log, 2)).toBe('user: "What\'s in notes.txt?"');
    expect(summarizeEvent(log, 9)).toBe('tool-call read');
    expect(summarizeEvent(log, 10)).toBe('read c1 {"path":"notes.txt"}');
    expect(summarizeEvent(log, 21)).toBe('turn 1 ended: completed');
    expect(summarizeEvent(log, 24)).toContain('replaces 2..11: compact:');
    expect(summarizeEvent(log, 8)).toBe('finish tool-calls');
  });

  it('neutralizes control and bidi characters instead of interpreting them', () => {
    const script = new LogScript();
    script.userMessage('u', 'evil\u202Etxt.exe\u0007\nnext line');
    const summary = summarizeEvent(script.build(), 0);
    expect([...summary].some((character) => character < ' ' || character === '\u202E')).toBe(false);
    expect(summary).toContain('\\u{202E}');
    expect(toPlainLine('a\u2066b\u0000c')).toBe('a\\u{2066}b\\u{0000}c');
  });

  it('cuts long text to SUMMARY_MAX_CHARS with an ellipsis', () => {
    expect(toPlainLine('x'.repeat(1000))).toHaveLength(SUMMARY_MAX_CHARS);
    expect(toPlainLine('x'.repeat(1000)).endsWith('…')).toBe(true);
    const script = new LogScript();
    script.add('plugin/custom', { note: 'y'.repeat(5000), count: 3 }, { ignorable: true });
    expect(summarizeEvent(script.build(), 0).length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
  });

  it('summarizes a packed member from its row', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const members = script.packedRow('tool-call-chunks', 1, 1, 2, ['{', '"a":1', '}'], {
      id: 'c',
      name: 'bash',
    });
    expect(summarizeEvent(script.build(), members[1] as number)).toBe('#2 tool-call-delta bash "\\"a\\":1"');
  });
});

describe('readEventRows and readEventDetail', () => {
  it('returns rows keyed by seq with line numbers and packed member indexes, clipped to the log', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    script.packedRow('text-chunks', 1, 1, 0, ['a', 'b', 'c']);
    const log = script.build();
    const rows = readEventRows(log, 1, 10);
    expect(rows.map((row) => [row.seq, row.type, row.lineNumber, row.member, row.turn, row.step])).toEqual([
      [1, 'step/start', 3, -1, 1, 1],
      [2, 'assistant/chunk', 4, 0, 1, 1],
      [3, 'assistant/chunk', 4, 1, 1, 1],
      [4, 'assistant/chunk', 4, 2, 1, 1],
    ]);
    expect(readEventRows(log, 50, 5)).toEqual([]);
    const detail = readEventDetail(log, 3);
    expect(detail.rowEventCount).toBe(3);
    expect(detail.stored).toEqual({
      type: 'assistant/chunk',
      seq: 3,
      time: log.store.eventTime.get(3),
      data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'b' } },
    });
  });
});

describe('deriveEventLinks', () => {
  it('links a tool call to its request, result and pruning replacement', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const request = script.assistantMessage(
      1,
      1,
      'a',
      [{ type: 'tool-call', id: 'c', name: 'read', arguments: '{}' }],
      {
        sourceEventSeqs: [],
      },
    );
    const call = script.toolCall(1, 1, 'c', 'read');
    const result = script.toolResult(1, 1, 'c', 'long', { sourceEventSeqs: [call] });
    const replacement = script.toolResult(1, 1, 'c', '[pruned]', {
      surfaceOp: { op: 'replace', start: result, end: result },
      sourceEventSeqs: [result],
    });
    const log = script.build();
    expect(deriveEventLinks(log, call)).toEqual([
      { label: 'consumed by', seq: result },
      { label: 'tool-call request c', seq: request },
      { label: 'tool/result c', seq: result },
      { label: 'pruned result c', seq: replacement },
    ]);
    expect(deriveEventLinks(log, replacement)).toContainEqual({ label: 'replaces', seq: result });
    expect(deriveEventLinks(log, result)).toContainEqual({ label: 'replaced by', seq: replacement });
  });

  it('links the parts of a compaction and what its checkpoint shadowed', () => {
    const log = buildCompactionExample().build();
    const links = deriveEventLinks(log, 24);
    // Its five sources (seqs 2–23, compaction/start among them) are one provenance line.
    expect(deriveEventProvenance(log, 24)).toEqual({ count: 5, firstSeq: 2, lastSeq: 23, type: null });
    expect(links).toContainEqual({ label: 'replaces', seq: 9 });
    expect(links).toContainEqual({ label: 'compaction end', seq: 25 });
    expect(deriveEventLinks(log, 22)).toContainEqual({ label: 'compaction checkpoint', seq: 24 });
    expect(deriveEventLinks(log, 5)).toEqual([
      { label: 'consumed by', seq: 9 },
      { label: 'attempt first chunk', seq: 4 },
      { label: 'attempt message', seq: 9 },
    ]);
  });
});

describe('deriveEventProvenance', () => {
  it('gathers many sources into one line instead of a link each; a few stay links', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const chunks = [0, 1, 2, 3, 4].map((index) =>
      script.chunk(1, 1, { type: 'text-delta', index: 0, text: `part ${index}` }),
    );
    const message = script.assistantMessage(1, 1, 'done', [], { sourceEventSeqs: chunks });
    const call = script.toolCall(1, 1, 'c', 'read');
    const result = script.toolResult(1, 1, 'c', 'ok', { sourceEventSeqs: [call] });
    const log = script.build();
    expect(deriveEventProvenance(log, message)).toEqual({
      count: 5,
      firstSeq: chunks[0],
      lastSeq: chunks[4],
      type: 'assistant/chunk',
    });
    expect(deriveEventLinks(log, message).filter((link) => link.label.startsWith('source'))).toEqual([]);
    expect(readEventDetail(log, message).provenance?.count).toBe(5);
    expect(deriveEventProvenance(log, result)).toBeNull();
    expect(deriveEventLinks(log, result)).toContainEqual({ label: 'source tool/call', seq: call });
  });
});

describe('search: where Enter lands', () => {
  it('finds the next and previous event showing the text, ignoring case; a streamed delta lands on its message', () => {
    const log = buildCompactionExample().build();
    expect(findNextMatch(log, 'ALPHA beta', -1, 1)).toBe(11);
    // Seq 15 (text-delta) and 16 (block-end) built the message at seq 19: the match is shown there.
    expect(findNextMatch(log, 'alpha beta', 11, 1)).toBe(19);
    expect(findNextMatch(log, 'alpha beta', 19, -1)).toBe(11);
    expect(findNextMatch(log, 'no such text', -1, 1)).toBeNull();
    expect(findNextMatch(log, '', -1, 1)).toBeNull();
    expect(findNextMatch(log, 'notes.txt', log.store.eventCount, -1)).toBe(24);
  });

  it('lands the packed deltas of a cut-off stream on its last chunk, where the partial message is shown', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const members = script.packedRow('text-chunks', 1, 1, 0, ['needle? no', 'Ünïcode here', 'the NEEDLE']);
    const log = script.build();
    expect(findNextMatch(log, 'needle', -1, 1)).toBe(members[2]);
    expect(findNextMatch(log, 'ünïcode', -1, 1)).toBe(members[2]);
    expect(findNextMatch(log, 'needle', members[2] as number, 1)).toBeNull();
  });
});

describe('search: what a person sees (issue 12)', () => {
  it('finds text with quotes and backslashes as the model view shows it, not as JSON escapes it', () => {
    const script = new LogScript();
    script.userMessage('u', 'say "hello" to C:\\temp now');
    const log = script.build();
    expect(findNextMatch(log, '"hello"', -1, 1)).toBe(0);
    expect(findNextMatch(log, 'C:\\temp', -1, 1)).toBe(0);
    expect(findNextMatch(log, 'say "hello" to', log.store.eventCount, -1)).toBe(0);
  });

  it('finds the words of the row summary that the stored line does not hold', () => {
    const log = buildCompactionExample().build();
    expect(findNextMatch(log, 'turn 1 ended: completed', -1, 1)).toBe(21);
    expect(findNextMatch(log, 'TURN 1 ENDED', log.store.eventCount, -1)).toBe(21);
  });

  it('finds a packed delta by its text as shown, quotes included', () => {
    const script = new LogScript();
    script.turnStart(1);
    script.stepStart(1, 1);
    const members = script.packedRow('text-chunks', 1, 1, 0, ['plain', 'a "quoted" word', 'tab\there']);
    const log = script.build();
    // A cut-off stream: every delta is found on its last chunk (see above).
    expect(findNextMatch(log, '"quoted"', -1, 1)).toBe(members[2]);
    expect(findNextMatch(log, 'tab\there', -1, 1)).toBe(members[2]);
  });

  it('finds text written with \\u escapes in the file by the characters they stand for', () => {
    const lines = [
      '{"type":"session","version":0,"id":"s","createdAt":1}',
      '{"type":"user/message","seq":0,"time":1,"data":{"id":"u","role":"user","content":[{"type":"text","text":"caf\\u00e9 \\u201cnoir\\u201d"}],"source":{"kind":"user"}},"surfaceOp":"append"}',
    ];
    const log = decodeLog(new TextEncoder().encode(`${lines.join('\n')}\n`));
    expect(findNextMatch(log, 'café “noir”', -1, 1)).toBe(0);
  });
});

describe('deriveTranscript', () => {
  it('keeps appended messages and shows the compaction as an annotation (§6.5, §6.7)', () => {
    const log = buildCompactionExample().build();
    expect(deriveTranscript(log)).toEqual([
      { kind: 'turn-start', seq: 0, turn: 1 },
      { kind: 'message', seq: 2, type: 'user/message' },
      { kind: 'message', seq: 9, type: 'assistant/message' },
      { kind: 'message', seq: 11, type: 'tool/result' },
      { kind: 'message', seq: 19, type: 'assistant/message' },
      { kind: 'turn-end', seq: 21, turn: 1, reason: 'completed' },
      { kind: 'compaction', seq: 24, replacedSeqs: [2, 9, 11] },
      { kind: 'turn-start', seq: 26, turn: 2 },
      { kind: 'message', seq: 28, type: 'user/message' },
    ]);
  });
});
