// Why a load ends without a log, as a LoadFailure whose message says what to do: files that are not
// a session log (not a log, a zip), and errors the reader meets (out of memory, an unreadable file,
// a failed download, a bug).
import type { OpenedLog } from '../log/index.ts';
import type { LoadFailure } from './protocol.ts';

const MEBIBYTE_BYTES = 1024 * 1024;

/** An expected load failure, carried as a value through the reader's async flow. */
export class LoadError extends Error {
  readonly failure: LoadFailure;
  constructor(failure: LoadFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MEBIBYTE_BYTES) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * MEBIBYTE_BYTES) return `${(bytes / MEBIBYTE_BYTES).toFixed(1)} MiB`;
  return `${(bytes / (1024 * MEBIBYTE_BYTES)).toFixed(2)} GiB`;
}

/** A failure for a load that stopped because the log could not be held in memory. */
function describeOutOfMemory(bytesRead: number, totalBytes: number | null, error: unknown): LoadFailure {
  const size = totalBytes ?? bytesRead;
  const detail = error instanceof Error ? ` (${error.name}: ${error.message})` : '';
  return {
    kind: 'too-large',
    message:
      `This file is ${describeBytes(size)}; the browser ran out of memory after ${describeBytes(bytesRead)}` +
      `${detail}. Open it with the CLI (\`npx dsh-replay inspect FILE\`), or split it, or use a machine with more memory.`,
  };
}

/**
 * A failure when the file is not a session log at all (not a log, a zip), or null to keep going.
 * Checked after every slice and once at the end. Everything else that sniffs
 * as a log opens, whatever it holds: an empty or header-less file with its `corrupt` verdict
 * (CLI.md "Sniffing"), a file past one of the viewer's limits with what was read before it.
 */
export function detectRefusal(log: OpenedLog): LoadFailure | null {
  for (const problem of log.problems) {
    if (problem.kind === 'not-a-log') {
      return {
        kind: 'not-a-log',
        message: `${problem.message} Open a dsh session log: a session.jsonl.zstd or session.jsonl from <root>/--<project-key>--/<session-id>/ under the log root dsh was configured with.`,
      };
    }
    if (problem.kind === 'zip') {
      return {
        kind: 'zip',
        message: `${problem.message} Unzip the export and open one session.jsonl(.zstd) from inside it.`,
      };
    }
  }
  return null;
}

/** How far a load got when it stopped, for the failure's message. */
export interface LoadPosition {
  /** The file or URL name shown to the user. */
  name: string;
  bytesRead: number;
  /** null when the size is unknown (a streamed URL without Content-Length). */
  totalBytes: number | null;
}

/**
 * The failure for whatever a load threw: a LoadError's own failure; running out of memory (a
 * RangeError, or an error that says so) as 'too-large'; a file the browser can no longer read as
 * 'read-error'; anything else as 'internal', with the error in the message for the bug report.
 */
export function classifyLoadError(
  error: unknown,
  { name, bytesRead, totalBytes }: LoadPosition,
): LoadFailure {
  if (error instanceof LoadError) return error.failure;
  if (error instanceof RangeError || (error instanceof Error && /memory|allocation/i.test(error.message))) {
    return describeOutOfMemory(bytesRead, totalBytes, error);
  }
  if (error instanceof DOMException && error.name === 'NotReadableError') {
    return {
      kind: 'read-error',
      message: `The browser could not read ${name} (${error.message}). The file may have changed or moved; open it again.`,
    };
  }
  return {
    kind: 'internal',
    message: `Loading stopped on an internal error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}. Please report it with the file's header line.`,
  };
}
