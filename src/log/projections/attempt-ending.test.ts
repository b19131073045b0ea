// How an assistant message's attempt ended (issue 20): the finish reason from the log's own finish
// chunk, and the calls a max-tokens cut dropped (FORMAT.md §5.1 BlockAssembler: dsh drops every
// tool call of a cut-off reply), for a generation 0 log (top-level chunks) and a generation 4 one
// (the stream embedded in the message).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { readModelMessage } from './model-view.ts';
import { deriveTriage } from '../reports/triage.ts';

function open(path: string) {
  return decodeLog(new Uint8Array(readFileSync(path)));
}

describe('readAttemptEnding through readModelMessage', () => {
  it('generation 4: the cut reply keeps its partial text, says max-tokens and names the dropped call', () => {
    const log = open('fixtures/generations/stored/v4/sdk/max-tokens-continue/session.v4.jsonl');
    const detail = readModelMessage(log, 13);
    expect(detail?.ending).toMatchObject({ kind: 'max-tokens', isFromFinish: true, finishSeq: 13 });
    expect(detail?.ending?.droppedCalls).toEqual([
      expect.objectContaining({ callId: 'call-cut', name: 'bash', isBlockComplete: false }),
    ]);
    expect(detail?.ending?.droppedCalls[0]?.argumentsText).toBe('{"command":"echo demo > ');
    // Triage reads the same drafts: the same call, at the same place.
    const truncated = deriveTriage(log).truncatedCalls;
    expect(truncated.map((call) => call.callId)).toEqual(['call-cut']);
  });

  it('generation 0: a tool-calls finish, then a max-tokens finish that dropped a whole call', () => {
    const log = open('fixtures/max-tokens.jsonl');
    expect(readModelMessage(log, 17)?.ending).toMatchObject({
      kind: 'tool-calls',
      isFromFinish: true,
      finishSeq: 16,
      droppedCalls: [],
    });
    const cut = readModelMessage(log, 27)?.ending;
    expect(cut).toMatchObject({ kind: 'max-tokens', finishSeq: 26 });
    expect(cut?.droppedCalls).toEqual([
      expect.objectContaining({ callId: 'call_child_2', name: 'todo_write', isBlockComplete: true }),
    ]);
  });

  it('a stream without a finish reads as interrupted from the message flag', () => {
    const log = open('fixtures/generations/stored/v4/acp/cancel/session.v4.jsonl');
    const interrupted = [...Array(log.store.eventCount).keys()]
      .map((seq) => readModelMessage(log, seq))
      .filter((detail) => detail?.isInterrupted);
    expect(interrupted.length).toBeGreaterThan(0);
    for (const detail of interrupted)
      expect(detail?.ending).toMatchObject({ kind: 'interrupted', isFromFinish: false });
  });

  it('user and tool messages carry no ending', () => {
    const log = open('fixtures/max-tokens.jsonl');
    expect(readModelMessage(log, 6)?.ending).toBeNull();
    expect(readModelMessage(log, 20)?.ending).toBeNull();
  });
});
