// The end of input (FORMAT.md §1.4, §10.5; CLI.md): what a file's last bytes say once no more
// come. A zstd log's complete frames must end on a line boundary, a torn final frame gives back its
// complete lines (as dsh does) and its partial one is dropped; a plain log's last line without a
// line feed is a torn tail; a file with no header line is empty. Each finding is a problem; nothing
// here throws. Called once, by the decoder's finish(), unless reading already stopped.

import type { LineSplitter } from '../container/line-splitter.ts';
import { ValidationStage } from '../problems.ts';
import type { LineScanner } from './line-scan.ts';
import type { FileFacts } from './opened-log.ts';
import type { ProblemList } from './problem-list.ts';
import type { ZstdFeed } from './zstd-feed.ts';

/** What the end-of-input checks read and write of one decode. */
export interface InputEnd {
  splitter: LineSplitter;
  lines: LineScanner;
  zstd: ZstdFeed;
  file: FileFacts;
  problems: ProblemList;
  /** Whether reading stopped at a bound (then nothing here runs, nor after a push made it stop). */
  isStopped: () => boolean;
}

export function finishZstdInput(input: InputEnd): void {
  if (input.isStopped()) return;
  // Complete frames must end on a line boundary (FORMAT.md §1.4, §10.5).
  const unfinished = input.splitter.takeUnfinishedLine();
  if (unfinished) {
    input.file.tornTail = true;
    input.lines.recordProblemLine(
      unfinished.bytes,
      unfinished.segment,
      'torn-record',
      'corrupt',
      (line) =>
        `The text of the complete zstd frames ends in the middle of line ${line} ("complete frame contains a torn JSONL record"); dsh refuses this log.`,
    );
  }
  const torn = input.zstd.takeTornFrame();
  if (torn !== null) {
    let recoveredLines = 0;
    let partialLine: number | null = null;
    if (torn.recovered !== null && !input.isStopped()) {
      const before = input.lines.nextLineNumber;
      input.splitter.push(torn.recovered);
      recoveredLines = input.lines.nextLineNumber - before;
      const partial = input.splitter.takeUnfinishedLine();
      if (partial) {
        partialLine = input.lines.nextLineNumber;
        input.lines.recordLine(partial.segment, 0, partial.bytes.length);
      }
    }
    const where = partialLine === null ? '' : ` The partial line ${partialLine} is dropped.`;
    input.problems.add('torn-tail', 'none', ValidationStage.CONTAINER, {
      line: partialLine,
      byteOffset: input.zstd.tornFrameByteOffset,
      message: `The last zstd frame is incomplete (the writer stopped during an append); ${recoveredLines} complete line(s) were recovered from it, as dsh does.${where}`,
    });
  }
  if ((input.file.frames ?? 0) === 0)
    input.problems.add('empty', 'corrupt', ValidationStage.CONTAINER, {
      byteOffset: 0,
      message:
        'The file holds no complete zstd frame, so it has no header; dsh refuses it as empty or header-less.',
    });
  else if (!input.lines.hasHeaderLine) reportMissingHeader(input);
}

export function finishPlainInput(input: InputEnd): void {
  if (input.isStopped()) return;
  const unfinished = input.splitter.takeUnfinishedLine();
  if (unfinished && !input.lines.hasHeaderLine) {
    input.file.tornTail = true;
    input.lines.readHeaderLine(unfinished.bytes, 0, unfinished.bytes.length);
    input.problems.add('empty', 'corrupt', ValidationStage.CONTAINER, {
      line: 1,
      byteOffset: 0,
      message:
        'The file has no line feed, so its header line is incomplete; dsh refuses it as empty or header-less.',
    });
    return;
  }
  if (unfinished) {
    input.file.tornTail = true;
    input.lines.recordProblemLine(
      unfinished.bytes,
      unfinished.segment,
      'torn-tail',
      'none',
      (line) =>
        `The last line (${line}) has no line feed: the writer stopped mid-append. dsh ignores it as a torn tail.`,
    );
  }
  if (!input.lines.hasHeaderLine) reportMissingHeader(input);
}

function reportMissingHeader(input: InputEnd): void {
  input.problems.add('empty', 'corrupt', ValidationStage.CONTAINER, {
    byteOffset: 0,
    message: 'The file is empty: there is no header line. dsh refuses it as empty or header-less.',
  });
}
