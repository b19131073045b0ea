// Which format generation a log is (docs/format-generations.md): from the header's `version` and
// from the file name, and which file of a session directory is the current one.

/** The generations this viewer reads. 1 was never tagged but development builds may have written it. */
export type FormatGeneration = 0 | 1 | 2 | 3 | 4;

/** The newest generation this viewer knows; current dsh (0.1.7, 0.2.x) writes it. */
export const NEWEST_KNOWN_GENERATION: FormatGeneration = 4;

/** What a header `version` says about the generation. */
export type GenerationOfVersion =
  | { kind: 'known'; generation: FormatGeneration }
  /** A safe non-negative integer above NEWEST_KNOWN_GENERATION: written by a newer dsh. */
  | { kind: 'newer'; version: number }
  /** Missing, not a number, negative, fractional or unsafe: upstream calls the header malformed. */
  | { kind: 'malformed' };

/** Classifies a header `version` value as upstream's catalog does (non-negative safe integer, else malformed). */
export function generationOfVersion(version: unknown): GenerationOfVersion {
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0 || Object.is(version, -0))
    return { kind: 'malformed' };
  if (version > NEWEST_KNOWN_GENERATION) return { kind: 'newer', version };
  return { kind: 'known', generation: version as FormatGeneration };
}

/** A canonical session log file name, parsed. */
export interface LogFileName {
  /** The generation the name claims: 0 for `session.jsonl`, N for `session.vN.jsonl`. */
  generation: number;
  isCompressed: boolean;
}

const CANONICAL_NAME = /^session(?:\.v([1-9][0-9]*))?\.jsonl(\.zstd)?$/;

/**
 * Parses a canonical log file name: `session.jsonl` (generation 0) or `session.v<N>.jsonl` with N a
 * positive decimal without leading zeros, optionally followed by `.zstd`. Anything else (`.v0`,
 * `.v03`, upper case, temporary names, child names such as `session.1.v4.jsonl`) is not a canonical
 * log name and yields null.
 */
export function parseLogFileName(name: string): LogFileName | null {
  const match = CANONICAL_NAME.exec(name);
  if (match === null) return null;
  const generation = match[1] === undefined ? 0 : Number(match[1]);
  if (!Number.isSafeInteger(generation)) return null;
  return { generation, isCompressed: match[2] !== undefined };
}

/** The log files of one session directory: the current one and its frozen predecessors. */
export interface SessionGenerations {
  /** The numerically highest canonical generation's file name, or null when there is none. */
  current: string | null;
  /** The other canonical log files, newest generation first: history that dsh never rewrites. */
  predecessors: string[];
  /**
   * Set when the directory holds both plain and compressed logs, which upstream refuses to open;
   * the viewer still opens `current` (the highest generation, compressed first on a tie).
   */
  mixedEncodings: boolean;
}

/** Picks the current log of a session directory from its file names (non-log names are ignored). */
export function pickCurrentGeneration(fileNames: readonly string[]): SessionGenerations {
  const logs: { name: string; parsed: LogFileName }[] = [];
  for (const name of fileNames) {
    const parsed = parseLogFileName(name);
    if (parsed !== null) logs.push({ name, parsed });
  }
  logs.sort(
    (a, b) =>
      b.parsed.generation - a.parsed.generation ||
      Number(b.parsed.isCompressed) - Number(a.parsed.isCompressed) ||
      (a.name < b.name ? -1 : 1),
  );
  const encodings = new Set(logs.map((log) => log.parsed.isCompressed));
  return {
    current: logs[0]?.name ?? null,
    predecessors: logs.slice(1).map((log) => log.name),
    mixedEncodings: encodings.size > 1,
  };
}
