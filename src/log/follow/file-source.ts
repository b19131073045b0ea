// A FollowSource over anything that can be opened afresh and read at an offset: a File System
// Access handle's getFile() (the worker), a file on disk (the CLI). Each read opens the file again
// (a handle's File is a snapshot of the moment), and compares its size and modification time with
// the last ones seen: unchanged means nothing to read, not even the start.

import type { FollowSource, SourceRead } from './follow-loop.ts';

/** A snapshot of the file: its size and modification time, and its bytes by range. */
export interface RandomAccessFile {
  size: number;
  /** Modification time (ms); any number that changes when the file does. */
  modified: number;
  read(start: number, end: number): Promise<Uint8Array>;
}

/** Bytes read at a time: a large file already there is read in pieces, each one batch. */
const READ_BYTES = 4 * 1024 * 1024;

/** A source that opens the file with `open` at every read (it throws when the file is gone). */
export function createFileSource(open: () => Promise<RandomAccessFile>): FollowSource {
  let seenSize = -1;
  let seenModified = Number.NaN;
  let seenOffset = -1;
  return {
    async read(offset, head): Promise<SourceRead> {
      const file = await open();
      const isUnchanged = file.size === seenSize && file.modified === seenModified && offset === seenOffset;
      if (isUnchanged) return { kind: 'same' };
      if (file.size < offset) {
        seenSize = -1;
        return { kind: 'restart', reason: 'shrank' };
      }
      if (offset > 0 && head.length > 0) {
        const start = await file.read(0, Math.min(head.length, file.size));
        if (!startsAlike(start, head)) {
          seenSize = -1;
          return { kind: 'restart', reason: 'replaced' };
        }
      }
      const end = Math.min(file.size, offset + READ_BYTES);
      seenModified = file.modified;
      if (end === file.size) {
        seenSize = file.size;
        seenOffset = end;
      } else seenSize = -1;
      if (end <= offset) return { kind: 'same' };
      return { kind: 'bytes', bytes: await file.read(offset, end) };
    },
  };
}

function startsAlike(start: Uint8Array, head: Uint8Array): boolean {
  const length = Math.min(start.length, head.length);
  for (let i = 0; i < length; i++) if (start[i] !== head[i]) return false;
  return true;
}
