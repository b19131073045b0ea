// Behaviour of the decoder on small logs built per test, one block per FORMAT.md §10 edge case (1–31).

import { beforeAll, describe, expect, it } from 'vitest';
import { createLogDecoder, decodeLog } from './log-decoder.ts';
import type { OpenedLog } from './opened-log.ts';
import { findUnaccountedLines, problemKinds } from '../testing/decoder-checks.ts';
import {
  TEST_SESSION_ID,
  completedTurnLines,
  eventLine,
  headerLine,
  initLogBuilder,
  joinBytes,
  jsonlText,
  rawZstdFrame,
  textRowLine,
  toolCallRowLine,
  utf8,
  validLogLines,
  zstdFrame,
  zstdLogFile,
} from '../testing/log-builder.ts';
import type { ChecksumVerifier } from '../container/zstd-checksum.ts';
import { loadChecksumVerifier } from '../container/zstd-checksum.ts';

let checksum: ChecksumVerifier | null = null;
beforeAll(async () => {
  await initLogBuilder();
  checksum = await loadChecksumVerifier();
});

function decodeText(text: string): OpenedLog {
  const log = decodeLog(utf8(text), { checksum });
  expect(findUnaccountedLines(log)).toEqual([]);
  return log;
}

function decodeBytes(bytes: Uint8Array): OpenedLog {
  const log = decodeLog(bytes, { checksum });
  expect(findUnaccountedLines(log)).toEqual([]);
  return log;
}

function problem(log: OpenedLog, kind: string) {
  return log.problems.find((candidate) => candidate.kind === kind);
}

const turnEnd = (seq: number, turn = 1) =>
  eventLine('turn/end', seq, { turn, reason: { kind: 'completed' } });

describe('a clean log', () => {
  it('decodes every event with an ok verdict, expanding packed rows', () => {
    const log = decodeText(jsonlText(validLogLines(2)));
    expect(log.verdict).toEqual({ status: 'ok', reason: null });
    expect(log.problems.filter((p) => p.effect !== 'none')).toEqual([]);
    expect(log.store.eventCount).toBe(18);
    expect(log.packedRows).toBe(2);
    expect(log.lineCount).toBe(14);
    expect(log.header?.id).toBe(TEST_SESSION_ID);
    expect(log.store.sessionId).toBe(TEST_SESSION_ID);
    expect(log.file).toMatchObject({ container: 'jsonl', frames: null, tornTail: false });
    expect(log.isComplete).toBe(true);
    expect(log.store.readStoredEvent(4)).toMatchObject({
      type: 'assistant/chunk',
      seq: 4,
      data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'lo' } },
    });
  });

  it('gives the same log whatever the chunk size of the pushes', () => {
    const bytes = utf8(jsonlText(validLogLines(3)));
    const whole = decodeLog(bytes);
    for (const chunkBytes of [1, 7, 64]) {
      const decoder = createLogDecoder();
      for (let at = 0; at < bytes.length; at += chunkBytes) decoder.push(bytes.subarray(at, at + chunkBytes));
      const log = decoder.finish();
      expect(log.store.eventCount).toBe(whole.store.eventCount);
      expect(log.problems).toEqual(whole.problems);
      for (let seq = 0; seq < log.store.eventCount; seq++)
        expect(log.store.readStoredEvent(seq)).toEqual(whole.store.readStoredEvent(seq));
    }
  });

  it('shows events of complete zstd frames before the file is fully read', () => {
    const { lines } = completedTurnLines(0);
    const file = zstdLogFile(headerLine(), [lines.slice(0, 3), lines.slice(3)]);
    const firstFrames = zstdLogFile(headerLine(), [lines.slice(0, 3)]).length;
    const decoder = createLogDecoder({ checksum });
    decoder.push(file.subarray(0, firstFrames + 5));
    expect(decoder.log.isComplete).toBe(false);
    expect(decoder.log.store.eventCount).toBe(3);
    expect(decoder.progress.events).toBe(3);
    decoder.push(file.subarray(firstFrames + 5));
    const log = decoder.finish();
    expect(log.store.eventCount).toBe(9);
    expect(log.file.frames).toBe(3);
    expect(log.file.checksumsVerified).toBe(3);
    expect(decoder.finish()).toBe(log);
  });
});

describe('§10 container and bytes', () => {
  it('case 1: an empty file is a plain log without header, corrupt', () => {
    const log = decodeBytes(new Uint8Array(0));
    expect(log.file.container).toBe('jsonl');
    expect(log.header).toBeNull();
    expect(log.verdict.status).toBe('corrupt');
    expect(problemKinds(log)).toContain('empty');
  });

  it('case 1: a file without any LF is header-less, corrupt', () => {
    const log = decodeText(headerLine());
    expect(problemKinds(log)).toContain('empty');
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(0);
  });

  it('case 2: a zstd file whose header frame is torn is rejected as header-less', () => {
    const frame = zstdFrame(utf8(`${headerLine()}\n`));
    for (const cut of [2, 6, frame.length - 2]) {
      const log = decodeBytes(frame.subarray(0, cut));
      expect(log.file.container).toBe('zstd');
      expect(log.file.frames).toBe(0);
      expect(log.file.tornTail).toBe(true);
      expect(log.verdict.status).toBe('corrupt');
      expect(problemKinds(log)).toContain('empty');
    }
  });

  it('case 3: a frame with a wrong magic stops the read; events of earlier frames are kept', () => {
    const { lines } = completedTurnLines(0);
    const good = zstdLogFile(headerLine(), [lines.slice(0, 3)]);
    const bad = zstdFrame(utf8(jsonlText(lines.slice(3))));
    bad[0] = 0x29;
    const log = decodeBytes(joinBytes(good, bad));
    expect(log.store.eventCount).toBe(3);
    expect(log.file.frames).toBe(2);
    expect(problem(log, 'zstd-frame')).toMatchObject({ effect: 'corrupt', byteOffset: good.length });
    expect(log.verdict.status).toBe('corrupt');
  });

  it('case 3: reserved descriptor bits and a reserved block type are fatal', () => {
    const header = zstdFrame(utf8(`${headerLine()}\n`));
    const reservedBits = rawZstdFrame(utf8(jsonlText(completedTurnLines(0).lines)));
    reservedBits[4] = (reservedBits[4] as number) | 0x08;
    expect(problem(decodeBytes(joinBytes(header, reservedBits)), 'zstd-frame')?.effect).toBe('corrupt');
    const reservedBlock = rawZstdFrame(utf8(jsonlText(completedTurnLines(0).lines)));
    reservedBlock[9] = (reservedBlock[9] as number) | 0x06;
    const log = decodeBytes(joinBytes(header, reservedBlock));
    expect(problem(log, 'zstd-frame')?.message).toMatch(/reserved type/);
    expect(log.verdict.status).toBe('corrupt');
  });

  it('case 3: a failed content checksum in a complete frame is fatal when a verifier is given', () => {
    const { lines } = completedTurnLines(0);
    const file = zstdLogFile(headerLine(), [lines]);
    file[file.length - 1] = (file[file.length - 1] as number) ^ 0xff;
    const log = decodeBytes(file);
    expect(problem(log, 'zstd-checksum')).toMatchObject({ effect: 'corrupt' });
    expect(log.store.eventCount).toBe(0);
    expect(decodeLog(file).verdict.status).toBe('ok');
  });

  it('case 3: a decompression failure in a complete frame is a zstd-decode problem, not a crash', () => {
    const header = zstdFrame(utf8(`${headerLine()}\n`));
    const body = zstdFrame(utf8(jsonlText(completedTurnLines(0).lines)));
    // Scramble the compressed block body but keep the framing intact.
    for (let i = 12; i < body.length - 8; i++) body[i] = (body[i] as number) ^ 0x5a;
    const log = decodeLog(joinBytes(header, body), { checksum });
    expect(['zstd-decode', 'zstd-checksum', 'zstd-frame']).toContain(log.problems.at(-1)?.kind);
    expect(log.verdict.status).toBe('corrupt');
  });

  it('case 4: complete lines of a torn final frame are recovered, including a partly written raw block', () => {
    const { lines } = completedTurnLines(0);
    const first = zstdLogFile(headerLine(), [lines.slice(0, 2)]);
    const lastText = utf8(jsonlText(lines.slice(2)));
    const last = rawZstdFrame(lastText, { blockBytes: 64 });
    // Cut inside the raw block that holds the end of the third line of the batch.
    const thirdLineEnd = jsonlText(lines.slice(2, 5)).length;
    const cut = 9 + Math.ceil(thirdLineEnd / 64) * 3 + thirdLineEnd + 2;
    const log = decodeBytes(joinBytes(first, last.subarray(0, cut)));
    expect(log.file.tornTail).toBe(true);
    expect(log.file.frames).toBe(2);
    // lines 2..4 of the batch: user/message, the packed row (3 events), assistant/message.
    expect(log.store.eventCount).toBe(2 + 1 + 3 + 1);
    expect(problem(log, 'torn-tail')).toMatchObject({ effect: 'none' });
    expect(log.verdict.status).toBe('ok');
  });

  it('case 4: a tear inside the trailing checksum keeps every line of the frame', () => {
    const { lines } = completedTurnLines(0);
    const file = zstdLogFile(headerLine(), [lines]);
    const log = decodeBytes(file.subarray(0, file.length - 2));
    expect(log.store.eventCount).toBe(9);
    expect(log.file.tornTail).toBe(true);
    expect(log.file.frames).toBe(1);
    expect(log.verdict.status).toBe('ok');
  });

  it('case 4: a torn compressed block contributes only the complete blocks', () => {
    const { lines } = completedTurnLines(0);
    const file = zstdLogFile(headerLine(), [lines.slice(0, 2), lines.slice(2)]);
    const log = decodeBytes(file.subarray(0, file.length - 10));
    expect(log.store.eventCount).toBe(2);
    expect(log.file.tornTail).toBe(true);
    expect(log.verdict.status).toBe('ok');
  });

  it('case 4: fewer than 4 trailing bytes count as a torn frame; 4 or more non-magic bytes are corrupt', () => {
    const file = zstdLogFile(headerLine(), [completedTurnLines(0).lines]);
    const torn = decodeBytes(joinBytes(file, new Uint8Array([0x28, 0xb5, 0x2f])));
    expect(torn.file.tornTail).toBe(true);
    expect(torn.verdict.status).toBe('ok');
    const garbage = decodeBytes(joinBytes(file, new Uint8Array([1, 2, 3, 4])));
    expect(problem(garbage, 'zstd-frame')?.effect).toBe('corrupt');
    expect(garbage.store.eventCount).toBe(9);
  });

  it('case 4: damage in a torn frame follows the plain-mode rules', () => {
    const { lines } = completedTurnLines(0);
    const first = zstdLogFile(headerLine(), [lines.slice(0, 2)]);
    const lastText = utf8(jsonlText([lines[2] as string, 'not json', lines[3] as string, 'x']));
    const last = rawZstdFrame(lastText, { hasChecksum: true });
    const log = decodeBytes(joinBytes(first, last.subarray(0, last.length - 1)));
    expect(log.store.eventCount).toBe(3);
    expect(problem(log, 'unparsable-line')).toMatchObject({ effect: 'none', line: 5 });
    expect(log.verdict.status).toBe('ok');
  });

  it('case 5: complete frames whose text ends mid-line are corrupt (torn record)', () => {
    const { lines } = completedTurnLines(0);
    const text = jsonlText(lines);
    const file = joinBytes(zstdFrame(utf8(`${headerLine()}\n`)), zstdFrame(utf8(text.slice(0, -1 - 10))));
    const log = decodeBytes(file);
    expect(problem(log, 'torn-record')).toMatchObject({ effect: 'corrupt', line: 8 });
    expect(log.file.tornTail).toBe(true);
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(8);
  });

  it('case 5: a line split across two complete frames is read as one line', () => {
    const text = jsonlText(completedTurnLines(0).lines);
    const cut = 30;
    const file = joinBytes(
      zstdFrame(utf8(`${headerLine()}\n`)),
      zstdFrame(utf8(text.slice(0, cut))),
      zstdFrame(utf8(text.slice(cut))),
    );
    const log = decodeBytes(file);
    expect(log.store.eventCount).toBe(9);
    expect(log.verdict.status).toBe('ok');
  });

  it('case 6: a skippable frame is refused', () => {
    const skippable = new Uint8Array([0x50, 0x2a, 0x4d, 0x18, 0, 0, 0, 0]);
    const file = joinBytes(zstdLogFile(headerLine(), [completedTurnLines(0).lines]), skippable);
    const log = decodeBytes(file);
    expect(problem(log, 'zstd-frame')?.message).toMatch(/Skippable/);
    expect(log.verdict.status).toBe('corrupt');
  });

  it('case 7: the container is sniffed from the bytes, not the name', () => {
    const plain = decodeText(jsonlText(validLogLines()));
    expect(plain.file.container).toBe('jsonl');
    const zstd = decodeBytes(zstdLogFile(headerLine(), [completedTurnLines(0).lines]));
    expect(zstd.file.container).toBe('zstd');
    expect(zstd.store.eventCount).toBe(plain.store.eventCount);
    const zip = decodeBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]));
    expect(problemKinds(zip)).toEqual(['zip']);
    expect(zip.store.eventCount).toBe(0);
    const other = decodeText('hello\n');
    expect(problemKinds(other)).toEqual(['not-a-log']);
    expect(other.file.container).toBe('unknown');
  });

  it('case 8: a UTF-8 BOM is stripped with a corrupt verdict and the log is still read', () => {
    const log = decodeBytes(joinBytes(new Uint8Array([0xef, 0xbb, 0xbf]), utf8(jsonlText(validLogLines()))));
    expect(log.file.hadBom).toBe(true);
    expect(problem(log, 'bom')).toMatchObject({ effect: 'corrupt' });
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(9);
    expect(log.header?.type).toBe('session');
  });

  it('case 9: CRLF line endings are tolerated', () => {
    const log = decodeText(
      validLogLines()
        .map((line) => `${line}\r\n`)
        .join(''),
    );
    expect(log.verdict.status).toBe('ok');
    expect(log.store.eventCount).toBe(9);
  });

  it('case 10: invalid UTF-8 becomes U+FFFD', () => {
    const lines = validLogLines();
    lines.push(eventLine('session/title', 9, { title: 'AB' }));
    const bytes = utf8(jsonlText(lines));
    const at = bytes.lastIndexOf(0x41); // "A"
    bytes[at] = 0xff;
    const log = decodeBytes(bytes);
    expect(log.verdict.status).toBe('ok');
    expect(log.store.readStoredEvent(9).data).toEqual({ title: '\uFFFDB' });
  });

  it('case 11: a trailing partial line is a torn tail that does not change the verdict', () => {
    const text = jsonlText(validLogLines()) + eventLine('session/title', 9, { title: 'x' }).slice(0, 20);
    const log = decodeText(text);
    expect(log.file.tornTail).toBe(true);
    expect(problem(log, 'torn-tail')).toMatchObject({ effect: 'none', line: 9 });
    expect(log.verdict.status).toBe('ok');
    expect(log.store.eventCount).toBe(9);
  });

  it('case 12: a blank line cuts the prefix; later lines are an ignored tail', () => {
    const lines = validLogLines();
    lines.push('', '   ', eventLine('session/title', 9, { title: 'x' }));
    const log = decodeText(jsonlText(lines));
    expect(log.store.eventCount).toBe(9);
    expect(problem(log, 'unparsable-line')).toMatchObject({ line: 9, effect: 'none' });
    expect(problem(log, 'ignored-tail')).toMatchObject({ line: 10, lineEnd: 11 });
    expect(log.verdict.status).toBe('ok');
  });

  it('case 12: damage followed by a turn/end is committed history: corrupt', () => {
    const lines = [headerLine(), eventLine('turn/start', 0, { turn: 1 }), '', turnEnd(1)];
    const log = decodeText(jsonlText(lines));
    expect(problem(log, 'unparsable-line')).toMatchObject({ line: 3, effect: 'corrupt' });
    expect(problem(log, 'unparsable-line')?.message).toMatch(/Line 4 holds a turn\/end/);
    expect(log.verdict.status).toBe('corrupt');
    expect(log.store.eventCount).toBe(1);
  });

  it('case 12: any damage inside a complete zstd frame is corrupt', () => {
    const lines = [eventLine('turn/start', 0, { turn: 1 }), ''];
    const log = decodeBytes(zstdLogFile(headerLine(), [lines]));
    expect(problem(log, 'unparsable-line')?.effect).toBe('corrupt');
    expect(log.verdict.status).toBe('corrupt');
  });

  it('case 13: a line that is `null` is an unparsable record, and dsh fails to load the log', () => {
    // FORMAT.md §1.5 / §10.13: upstream's scanner throws a TypeError on `null` (load fails), even as
    // the last line, where any other unparsable line would only be cut off as a crash tail.
    const lines = [...validLogLines(), 'null'];
    const log = decodeText(jsonlText(lines));
    expect(problem(log, 'unparsable-line')).toMatchObject({ line: 9, effect: 'corrupt' });
    expect(problem(log, 'unparsable-line')?.message).toMatch(/null.*TypeError/);
    expect(log.store.eventCount).toBe(9);
    expect(log.verdict.status).toBe('corrupt');
  });

  it('case 13: a `null` line in the ignored tail after other damage still fails the load', () => {
    const lines = [...validLogLines(), '', eventLine('session/title', 10, { title: 'x' }), ' null '];
    const log = decodeText(jsonlText(lines));
    expect(problem(log, 'unparsable-line')).toMatchObject({ line: 9, effect: 'corrupt' });
    expect(problem(log, 'unparsable-line')?.message).toMatch(/blank.*Line 11 is `null`: .*TypeError/);
    expect(problem(log, 'ignored-tail')).toMatchObject({ line: 10, lineEnd: 11 });
    expect(log.verdict.status).toBe('corrupt');
  });

  it('case 14: a very long line spanning many pushes is parsed whole', () => {
    const big = 'x'.repeat(300_000);
    const lines = [...validLogLines(), eventLine('session/title', 9, { title: big })];
    const bytes = utf8(jsonlText(lines));
    const decoder = createLogDecoder();
    for (let at = 0; at < bytes.length; at += 4096) decoder.push(bytes.subarray(at, at + 4096));
    const log = decoder.finish();
    expect(log.store.eventCount).toBe(10);
    expect((log.store.readStoredEvent(9).data as { title: string }).title.length).toBe(300_000);
  });

  it('JSON nested 100,000 deep is just an unparsable line', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const log = decodeText(jsonlText([...validLogLines(), deep]));
    expect(log.store.eventCount).toBe(9);
    expect(['unparsable-line', 'seq-gap']).toContain(log.problems.find((p) => p.line === 9)?.kind);
  });
});

describe('§10 header', () => {
  it('case 15: a first line that is not JSON, not an object or not a session is a bad header', () => {
    for (const first of ['{nope', '{}', JSON.stringify({ type: 'turn/start', seq: 0 })]) {
      const log = decodeText(jsonlText([first, ...validLogLines().slice(1)]));
      expect(problem(log, 'bad-header')?.effect).toBe('corrupt');
      expect(log.verdict.status).toBe('corrupt');
      expect(log.store.eventCount).toBe(9);
    }
  });

  it('case 16: a numeric version no generation has (above 4, negative) is unsupported, named by direction, before shape checks', () => {
    // Generations 1–4 are read since issue 15 (docs/format-generations.md §1); 5 is newer than any.
    const newer = decodeText(
      jsonlText([headerLine({ version: 5, delegationDepth: undefined }), ...validLogLines().slice(1)]),
    );
    expect(newer.verdict.status).toBe('unsupported');
    expect(newer.verdict.reason).toMatch(/newer dsh.*upgrade this viewer/);
    expect(newer.format).toEqual({ generation: null, newerVersion: 5 });
    expect(problemKinds(newer)).not.toContain('bad-header');
    expect(newer.store.eventCount).toBe(9);
    const older = decodeText(jsonlText([headerLine({ version: -1 })]));
    expect(older.verdict.reason).toMatch(/no dsh release writes/);
    for (const version of [undefined, '0']) {
      const log = decodeText(jsonlText([headerLine({ version })]));
      expect(log.verdict.status).toBe('corrupt');
    }
  });

  it('case 17: missing or invalid delegationDepth, bad createdAt, agentPreset or origin is corrupt', () => {
    const bad: Record<string, unknown>[] = [
      { delegationDepth: undefined },
      { delegationDepth: 1.5 },
      { delegationDepth: '0' },
      { delegationDepth: -1 },
      { createdAt: -5 },
      { createdAt: 1.5 },
      { createdAt: 2 ** 60 },
      { agentPreset: 7 },
      { origin: 'fork' },
    ];
    for (const overrides of bad) {
      const log = decodeText(jsonlText([headerLine(overrides), ...validLogLines().slice(1)]));
      expect(problem(log, 'bad-header'), JSON.stringify(overrides)).toBeDefined();
      expect(log.verdict.status).toBe('corrupt');
      expect(log.store.eventCount).toBe(9);
    }
    const negativeZero = decodeText(
      `${headerLine().replace('"delegationDepth":0', '"delegationDepth":-0')}\n`,
    );
    expect(negativeZero.verdict.status).toBe('corrupt');
  });

  it('case 18: retired header keys are corrupt; other unknown keys are fine', () => {
    expect(decodeText(jsonlText([headerLine({ sandboxMode: 'x' })])).verdict.status).toBe('corrupt');
    expect(decodeText(jsonlText([headerLine({ approvalPolicy: 'x' })])).verdict.status).toBe('corrupt');
    expect(decodeText(jsonlText([headerLine({ someFutureKey: 1 })])).verdict.status).toBe('ok');
  });

  it('case 19/20: the log is read whatever its cwd; the header id is the identity', () => {
    const log = decodeText(
      jsonlText([headerLine({ cwd: 'projects/x', id: 'session-7' }), ...validLogLines().slice(1)]),
    );
    expect(log.store.eventCount).toBe(9);
    expect(log.store.sessionId).toBe('session-7');
  });

  it('case 19: a cwd that is absolute on no platform makes dsh refuse the log (FORMAT.md §2.2 step 6)', () => {
    for (const cwd of ['projects/x', '', './work', 'C:work']) {
      const log = decodeText(jsonlText([headerLine({ cwd }), ...validLogLines().slice(1)]));
      expect(log.verdict.status, cwd).toBe('corrupt');
      expect(problem(log, 'bad-header'), cwd).toMatchObject({ line: 1, effect: 'corrupt' });
      expect(log.verdict.reason, cwd).toMatch(/cwd .* is not an absolute path/);
    }
  });

  it('case 19: a Windows-only absolute cwd is a note (dsh on Linux or macOS refuses it), not a verdict', () => {
    for (const cwd of ['C:\\work', '\\\\server\\share']) {
      const log = decodeText(jsonlText([headerLine({ cwd }), ...validLogLines().slice(1)]));
      expect(log.verdict.status, cwd).toBe('ok');
      expect(
        log.notes.map((note) => note.kind),
        cwd,
      ).toEqual(['windows-cwd']);
      expect(log.notes[0]?.message, cwd).toMatch(/Windows/);
    }
    const posix = decodeText(jsonlText([headerLine({ cwd: '/home/dev/x' }), ...validLogLines().slice(1)]));
    expect(posix.verdict.status).toBe('ok');
    expect(posix.notes).toEqual([]);
  });

  it('case 21: a header-only file is valid with zero events', () => {
    const log = decodeText(jsonlText([headerLine()]));
    expect(log.verdict.status).toBe('ok');
    expect(log.store.eventCount).toBe(0);
    expect(log.lineCount).toBe(0);
  });

  it('the first zstd frame must hold exactly the header line', () => {
    const { lines } = completedTurnLines(0);
    const file = joinBytes(zstdFrame(utf8(jsonlText([headerLine(), ...lines]))));
    const log = decodeBytes(file);
    expect(problem(log, 'bad-header')?.message).toMatch(/first zstd frame/);
    expect(log.store.eventCount).toBe(9);
  });
});

describe('§10 envelope and sequence', () => {
  it('case 22: a seq gap, duplicate or reorder cuts the prefix at that record', () => {
    for (const badSeq of [10, 8, 3]) {
      const lines = [
        ...validLogLines(),
        eventLine('session/title', badSeq, { title: 'x' }),
        eventLine('session/title', 9, { title: 'y' }),
      ];
      const log = decodeText(jsonlText(lines));
      expect(log.store.eventCount).toBe(9);
      expect(problem(log, 'seq-gap')).toMatchObject({ line: 9, seq: badSeq, effect: 'none' });
      expect(problem(log, 'ignored-tail')).toMatchObject({ line: 10, lineEnd: 10 });
      expect(log.verdict.status).toBe('ok');
    }
  });

  it('case 22: a gap whose own record is a turn/end rejects the log', () => {
    const lines = [headerLine(), eventLine('turn/start', 0, { turn: 1 }), turnEnd(5)];
    const log = decodeText(jsonlText(lines));
    expect(problem(log, 'seq-gap')?.effect).toBe('corrupt');
  });

  it('case 22: a seq gap inside complete zstd frames is corrupt, in a torn frame it is not', () => {
    const lines = [eventLine('turn/start', 0, { turn: 1 }), eventLine('step/start', 2, { turn: 1, step: 1 })];
    expect(decodeBytes(zstdLogFile(headerLine(), [lines])).verdict.status).toBe('corrupt');
    const torn = rawZstdFrame(utf8(jsonlText(lines)));
    const log = decodeBytes(
      joinBytes(zstdFrame(utf8(`${headerLine()}\n`)), torn.subarray(0, torn.length - 1)),
    );
    expect(log.verdict.status).toBe('ok');
    expect(log.store.eventCount).toBe(1);
  });

  it('a non-object JSON line is a record without seq: a gap', () => {
    for (const value of ['5', '"x"', '[]', 'true']) {
      const log = decodeText(jsonlText([...validLogLines(), value]));
      expect(problem(log, 'seq-gap')?.line).toBe(9);
      expect(log.store.eventCount).toBe(9);
    }
  });

  it('case 23: malformed packed rows are dropped whole, like unparsable lines', () => {
    const base = [headerLine(), eventLine('turn/start', 0, { turn: 1 })];
    const good = JSON.parse(textRowLine(1, ['a', 'b', 'c'])) as Record<string, unknown>;
    const variants: unknown[] = [
      { ...good, seq0: 2 },
      { ...good, extra: 1 },
      { ...good, data: { ...(good['data'] as object), dt: [1] } },
      { ...good, data: { ...(good['data'] as object), texts: ['a', 5, 'c'] } },
      { ...good, data: { ...(good['data'] as object), texts: [], dt: [] } },
      { ...good, data: { ...(good['data'] as object), dt: [1, 2 ** 60] } },
      { ...good, seq0: -1 },
      { ...good, time0: 1.5 },
    ];
    for (const row of variants) {
      const log = decodeText(
        jsonlText([...base, JSON.stringify(row), eventLine('step/start', 4, { turn: 1, step: 1 })]),
      );
      expect(log.store.eventCount, JSON.stringify(row)).toBe(1);
      expect(['malformed-packed-row', 'seq-gap']).toContain(log.problems.find((p) => p.line === 3)?.kind);
      expect(log.packedRows).toBe(0);
    }
  });

  it('packed rows of 1 or 2 members and tool-call rows expand exactly', () => {
    const lines = [
      headerLine(),
      textRowLine(0, ['only']),
      textRowLine(1, ['a', 'b'], { rowType: 'reasoning-chunks', dt: [-3] }),
      toolCallRowLine(3, ['{', '}'], { id: 'call_9', name: 'bash' }),
      toolCallRowLine(5, ['x'], { id: 'call_8' }),
    ];
    const log = decodeText(jsonlText(lines));
    expect(log.store.eventCount).toBe(6);
    expect(log.packedRows).toBe(4);
    expect(log.store.eventTime.get(2) - log.store.eventTime.get(1)).toBe(-3);
    expect(log.store.readStoredEvent(4).data).toEqual({
      turn: 1,
      step: 1,
      chunk: { type: 'tool-call-delta', index: 1, id: 'call_9', name: 'bash', argumentsDelta: '}' },
    });
    expect(log.store.readStoredEvent(5).data).toEqual({
      turn: 1,
      step: 1,
      chunk: { type: 'tool-call-delta', index: 1, id: 'call_8', argumentsDelta: 'x' },
    });
    expect(log.store.eventMember.get(4)).toBe(1);
  });

  it('case 24: an envelope key beyond the seven allowed is corrupt', () => {
    const log = decodeText(jsonlText([headerLine(), eventLine('turn/start', 0, { turn: 1 }, { extra: 1 })]));
    expect(problem(log, 'envelope')).toMatchObject({ effect: 'corrupt', seq: 0, line: 2 });
    expect(log.store.eventCount).toBe(1);
  });

  it('case 25: a bad time, missing data or ignorable other than true is corrupt', () => {
    for (const extra of [{ time: 1.5 }, { time: '1' }, { data: undefined }, { ignorable: false }]) {
      const log = decodeText(jsonlText([headerLine(), eventLine('turn/start', 0, { turn: 1 }, extra)]));
      expect(problem(log, 'envelope')?.effect, JSON.stringify(extra)).toBe('corrupt');
    }
  });

  it('case 26: an unknown type is unsupported unless ignorable, and is kept either way', () => {
    const unknown = decodeText(jsonlText([headerLine(), eventLine('plugin/thing', 0, {})]));
    expect(unknown.verdict.status).toBe('unsupported');
    expect(unknown.store.eventCount).toBe(1);
    const ignorable = decodeText(
      jsonlText([headerLine(), eventLine('plugin/thing', 0, {}, { ignorable: true })]),
    );
    expect(ignorable.verdict.status).toBe('ok');
    expect(ignorable.store.typeOf(0)).toBe('plugin/thing');
  });

  it('case 28: legacy shapes are upgraded before the index sees them; byType keeps the stored type', () => {
    const lines = [
      headerLine(),
      eventLine('turn/start', 0, { turn: 1, trigger: { kind: 'user' } }),
      eventLine(
        'steering/message',
        1,
        { turn: 1, content: [{ type: 'text', text: 'x' }], source: { kind: 'steering' } },
        { surfaceOp: 'append' },
      ),
      eventLine('turn/end', 2, { turn: 1, reason: { kind: 'disposed' } }),
    ];
    const log = decodeText(jsonlText(lines));
    expect(log.verdict.status).toBe('ok');
    expect(log.store.typeOf(1)).toBe('steering/message');
    expect(log.store.readEvent(1)).toMatchObject({
      type: 'user/message',
      data: { id: `legacy-message:${TEST_SESSION_ID}:1`, role: 'user' },
    });
    expect(log.index.turns[0]?.reason).toBe('aborted');
    // Upgrades dsh applies silently are notes (information), one per shape, not problems (§3.6).
    expect(problem(log, 'legacy')).toBeUndefined();
    expect(log.problems).toEqual([]);
    expect(log.notes.map((note) => [note.kind, note.line, note.seq])).toEqual([
      ['legacy', 2, 0],
      ['legacy', 3, 1],
      ['legacy', 4, 2],
    ]);
    expect(log.notes[0]?.message).toMatch(/upgraded on read as dsh does/);
  });

  it('case 28: malformed legacy shapes and obsolete vocabulary are corrupt', () => {
    const malformed = decodeText(
      jsonlText([headerLine(), eventLine('turn/start', 0, { turn: 0, trigger: { kind: 'user' } })]),
    );
    expect(problem(malformed, 'legacy')?.effect).toBe('corrupt');
    for (const line of [
      eventLine('request/header-delta', 0, {}),
      eventLine('mode/set', 0, {}),
      eventLine('request/header', 0, {
        reason: 'fallback',
        header: { config: { provider: 'p', model: 'm' } },
      }),
    ]) {
      const log = decodeText(jsonlText([headerLine(), line]));
      expect(problem(log, 'obsolete-type')?.effect).toBe('corrupt');
      expect(log.verdict.status).toBe('corrupt');
    }
  });

  it('case 29: request/header needs a non-empty provider and model', () => {
    const ok = eventLine('request/header', 0, {
      reason: 'initial',
      header: { config: { provider: 'p', model: 'm' } },
    });
    expect(decodeText(jsonlText([headerLine(), ok])).verdict.status).toBe('ok');
    for (const config of [
      { provider: 'p' },
      { provider: '', model: 'm' },
      { provider: 'p', model: 'm', reasoningEffort: '' },
    ]) {
      const line = eventLine('request/header', 0, { reason: 'initial', header: { config } });
      expect(problem(decodeText(jsonlText([headerLine(), line])), 'envelope')?.effect).toBe('corrupt');
    }
    const defaults = eventLine('request/header', 0, {
      reason: 'initial',
      header: { config: { provider: 'p', model: 'm' }, adapterDefaults: { maxTokens: true } },
    });
    expect(decodeText(jsonlText([headerLine(), defaults])).verdict.status).toBe('corrupt');
  });

  it('case 30: times going backwards or repeating are legal', () => {
    const lines = [
      headerLine(),
      eventLine('turn/start', 0, { turn: 1 }, { time: 100 }),
      eventLine('session/title', 1, { title: 'a' }, { time: 50 }),
      eventLine('session/title', 2, { title: 'b' }, { time: 50 }),
    ];
    const log = decodeText(jsonlText(lines));
    expect(log.verdict.status).toBe('ok');
    expect(Array.from(log.store.eventTime.view())).toEqual([100, 50, 50]);
  });

  it('case 31: message events with a bad shape are corrupt', () => {
    const bad: [string, unknown][] = [
      ['user/message', { id: '', role: 'user', content: [], source: { kind: 'user' } }],
      ['user/message', { id: 'u', role: 'assistant', content: [], source: { kind: 'user' } }],
      ['user/message', { id: 'u', role: 'user', content: [], source: {} }],
      ['user/message', { id: 'u', role: 'user', content: 'text', source: { kind: 'user' } }],
      [
        'assistant/message',
        { turn: 1, step: 1, message: { id: 'a', role: 'assistant', content: [], source: { kind: 'tool' } } },
      ],
      [
        'assistant/message',
        {
          turn: 1,
          step: 1,
          message: { id: 'a', role: 'assistant', content: [], source: { kind: 'model', provider: 'p' } },
        },
      ],
      [
        'tool/result',
        {
          turn: 1,
          step: 1,
          message: { id: 't', role: 'user', content: [], source: { kind: 'tool', callId: 'c' } },
        },
      ],
      [
        'tool/result',
        {
          turn: 1,
          step: 1,
          message: {
            id: 't',
            role: 'user',
            content: [{ type: 'tool-result', toolCallId: 'd', content: [] }],
            source: { kind: 'tool', callId: 'c' },
          },
        },
      ],
    ];
    for (const [type, data] of bad) {
      const log = decodeText(jsonlText([headerLine(), eventLine(type, 0, data, { surfaceOp: 'append' })]));
      expect(problem(log, 'message-shape')?.effect, JSON.stringify(data)).toBe('corrupt');
    }
  });
});

describe('memory bounds', () => {
  it('stops at a frame that declares more content than allowed, without allocating it', () => {
    const header = zstdFrame(utf8(`${headerLine()}\n`));
    const huge = rawZstdFrame(utf8('{}\n'));
    new DataView(huge.buffer).setUint32(5, 0xf0000000, true);
    const log = decodeBytes(joinBytes(header, huge));
    // Our bound, not damage: the verdict covers the part read and names the limit (read-limits.test.ts).
    expect(problem(log, 'zstd-limit')).toMatchObject({ effect: 'none' });
    expect(log.verdict.viewerLimit).toMatch(/too large for this viewer/);
  });

  it('stops a decompression bomb at maxTextBytes', () => {
    const text = jsonlText([headerLine(), eventLine('session/title', 0, { title: 'x'.repeat(5000) })]);
    const log = decodeLog(
      zstdLogFile(headerLine(), [[eventLine('session/title', 0, { title: 'x'.repeat(5000) })]]),
      {
        maxTextBytes: 1000,
      },
    );
    // Our own memory bound says nothing about the file: effect none, the verdict covers what was read.
    expect(problem(log, 'too-large')).toMatchObject({ effect: 'none' });
    expect(log.verdict.status).toBe('ok');
    expect(text.length).toBeGreaterThan(1000);
    const plain = decodeLog(utf8(text), { maxTextBytes: 1000 });
    expect(problem(plain, 'too-large')).toMatchObject({ effect: 'none' });
    expect(plain.verdict.status).toBe('ok');
  });
});

describe('data nested deeper than the call stack (FORMAT.md §3.4: any JSON the parser accepts)', () => {
  const DEPTH = 100_000;
  const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
  const withDeep = (line: string): string => line.replace('"__DEEP__"', deep);

  it('reports a seq that is a deeply nested array as a seq gap instead of throwing', () => {
    const lines = [
      headerLine(),
      withDeep(eventLine('session/title', 0, { title: 't' }, { seq: '__DEEP__' })),
    ];
    const log = decodeText(jsonlText(lines));
    expect(problem(log, 'seq-gap')).toMatchObject({ line: 2, seq: null });
    expect(problem(log, 'seq-gap')?.message).toContain('deeply nested array');
  });

  it('names a deeply nested turn number in a nesting problem instead of throwing', () => {
    const lines = [
      headerLine(),
      eventLine('turn/start', 0, { turn: 1 }),
      withDeep(eventLine('step/start', 1, { turn: '__DEEP__', step: 1 })),
    ];
    const log = decodeText(jsonlText(lines));
    expect(log.problems.some((p) => p.kind === 'nesting' && p.message.includes('[…]'))).toBe(true);
  });

  it('compares a tool/result replacement holding deep data with its original without throwing (§3.5 fold)', () => {
    const result = (seq: number, text: string, extra: Record<string, unknown>) =>
      withDeep(
        eventLine(
          'tool/result',
          seq,
          {
            turn: 1,
            step: 1,
            deep: '__DEEP__',
            message: {
              id: 'r',
              role: 'user',
              content: [{ type: 'tool-result', toolCallId: 'c', content: [{ type: 'text', text }] }],
              source: { kind: 'tool', callId: 'c' },
            },
          },
          extra,
        ),
      );
    const lines = [
      headerLine(),
      eventLine('turn/start', 0, { turn: 1 }),
      eventLine('step/start', 1, { turn: 1, step: 1 }),
      result(2, 'long', { surfaceOp: 'append' }),
      result(3, 'short', { surfaceOp: { op: 'replace', start: 2, end: 2 }, sourceEventSeqs: [2] }),
    ];
    const log = decodeText(jsonlText(lines));
    expect(log.store.eventCount).toBe(4);
    expect(problemKinds(log)).not.toContain('surface');
    const changed = decodeText(jsonlText([...lines.slice(0, 4), lines[4]!.replace(deep, '[[1]]')]));
    expect(problem(changed, 'surface')?.message).toContain('changes more than the result content');
  });
});

describe('line text', () => {
  it('reads multi-byte, invalid and BOM-prefixed lines the same whether a piece holds many lines or one byte', () => {
    const text = jsonlText([
      headerLine(),
      eventLine('session/title', 0, { title: 'héllo – 日本 🎉' }),
      eventLine('session/title', 1, { title: 'INVALID' }),
      `\uFEFF${eventLine('session/title', 2, { title: 'after a BOM' })}`,
      eventLine('session/title', 3, { title: 'last: ünïcode INVALID' }),
    ]);
    const encoded = utf8(text);
    // Lone 0xFF bytes inside the strings: each decodes to U+FFFD.
    const bytes = new Uint8Array(encoded.length);
    bytes.set(encoded);
    for (let at = text.indexOf('INVALID'); at >= 0; at = text.indexOf('INVALID', at + 1)) {
      const byteAt = utf8(text.slice(0, at)).length;
      bytes[byteAt] = 0xff;
    }
    const whole = decodeBytes(bytes);
    const decoder = createLogDecoder({ checksum });
    for (let at = 0; at < bytes.length; at++) decoder.push(bytes.subarray(at, at + 1));
    const byByte = decoder.finish();
    expect(whole.problems).toEqual(byByte.problems);
    expect(whole.store.eventCount).toBe(4);
    expect(whole.index.title).toBe(byByte.index.title);
    expect(whole.index.title).toBe('last: ünïcode \uFFFDNVALID');
  });
});
