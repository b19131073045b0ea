// The raw view of the ignored tail: pages of the lines dsh ignores after the damage, with their
// line numbers and byte offsets, as stored (plain or inside zstd frames), bounded.

import { beforeAll, describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import {
  headerLine,
  initLogBuilder,
  joinBytes,
  jsonlText,
  utf8,
  validLogLines,
  zstdFrame,
} from '../testing/log-builder.ts';
import { IGNORED_LINES_PAGE_MAX, readIgnoredLines } from './ignored-lines.ts';

beforeAll(initLogBuilder);

const lines = validLogLines(1);
/** Header + 3 events, a damaged line 5, then lines that are anything but events. */
const damaged = [
  ...lines.slice(0, 4),
  '{"broken',
  '<img src=x onerror=alert(1)>',
  '',
  'héllo \u202e',
  '{"seq":99}',
];
const text = jsonlText(damaged);

/** Offset in `text` where line `line` (1-based) starts. */
function offsetOf(line: number): number {
  return utf8(jsonlText(damaged.slice(0, line - 1))).length;
}

describe('readIgnoredLines', () => {
  it('pages the ignored lines with their numbers, byte offsets and raw text', () => {
    const log = decodeLog(utf8(text));
    const page = readIgnoredLines(log, 6, 2);
    expect(page).toMatchObject({ firstLine: 6, lastLine: 9, damagedLine: 5, lastKeptLine: 9 });
    expect(page?.lines).toEqual([
      { line: 6, byteOffset: offsetOf(6), bytes: 28, text: '<img src=x onerror=alert(1)>', isCut: false },
      { line: 7, byteOffset: offsetOf(7), bytes: 0, text: '', isCut: false },
    ]);
    const rest = readIgnoredLines(log, 8, IGNORED_LINES_PAGE_MAX + 50);
    expect(rest?.lines.map((line) => [line.line, line.byteOffset, line.text])).toEqual([
      [8, offsetOf(8), 'héllo \u202e'],
      [9, offsetOf(9), '{"seq":99}'],
    ]);
    expect(readIgnoredLines(log, 5, 10)).toBeNull();
    expect(readIgnoredLines(log, 10, 10)).toBeNull();
  });

  it('says which lines were only counted when the viewer kept fewer', () => {
    const log = decodeLog(utf8(text), { maxIgnoredLinesKept: 2 });
    expect(readIgnoredLines(log, 6, 10)).toMatchObject({ lastKeptLine: 7, lastLine: 9 });
    expect(readIgnoredLines(log, 8, 10)?.lines).toEqual([]);
  });

  it('reads the ignored lines inside a zstd frame (a bomb of blank lines) from the kept frame', () => {
    const frames = joinBytes(
      zstdFrame(utf8(`${headerLine()}\n`)),
      zstdFrame(utf8(jsonlText(lines.slice(1, 4)))),
      zstdFrame(new Uint8Array(1_000_000).fill(0x0a)),
    );
    const log = decodeLog(frames, { maxIgnoredLinesKept: 1000 });
    const page = readIgnoredLines(log, 6, 3);
    expect(page).toMatchObject({ firstLine: 6, lastLine: 4 + 1_000_000, damagedLine: 5, lastKeptLine: 1005 });
    const headerAndEvents = utf8(jsonlText(lines.slice(0, 4))).length;
    expect(page?.lines).toEqual(
      [6, 7, 8].map((line) => ({
        line,
        byteOffset: headerAndEvents + (line - 5),
        bytes: 0,
        text: '',
        isCut: false,
      })),
    );
  });
});
