// Argument parsing and byte sniffing for the CLI: pure functions, so they are tested without a process.

import { ZSTD_MAGIC_BYTES } from '../log/index.ts';

export const USAGE = [
  'usage: dsh-replay <inspect|project|triage> <file|dir|zip>[#<session id>] [--json] [--at SEQ]',
  '       dsh-replay ls <dir|zip|file…> [--json]',
  '       dsh-replay tree <dir|zip> [--json]',
  '       dsh-replay diff <a> <b> [--json]',
  '       dsh-replay cost <file|dir|zip> [--json] [--prices EDITS.json]',
].join('\n');

type LogCommand = 'inspect' | 'project' | 'triage';
type WorkspaceCommand = 'ls' | 'tree';

/** inspect / project / triage: one log, named by a file, a session directory or `<dir|zip>#<session id>`. */
export interface LogCommandArguments {
  command: LogCommand;
  file: string;
  isJson: boolean;
  /** `--at` (project only): fold up to this seq; null means the last seq. */
  atSeq: number | null;
}

/** ls (one or more paths) and tree (one path): the sessions of a workspace. */
export interface WorkspaceCommandArguments {
  command: WorkspaceCommand;
  files: string[];
  isJson: boolean;
}

/** diff: two logs, each named as inspect names one (CLI.md `diff`). */
export interface DiffCommandArguments {
  command: 'diff';
  a: string;
  b: string;
  isJson: boolean;
}

export type CliArguments =
  LogCommandArguments | WorkspaceCommandArguments | DiffCommandArguments | CostCommandArguments;

function parseDiffArguments(rest: readonly string[]): Parsed<DiffCommandArguments> {
  const files = rest.filter((arg) => !arg.startsWith('--'));
  const unknown = rest.find((arg) => arg.startsWith('--') && arg !== '--json');
  if (unknown !== undefined) return { ok: false, message: `unknown option ${unknown}` };
  if (files.length !== 2) return { ok: false, message: `diff needs two logs, got ${files.length}` };
  return {
    ok: true,
    value: { command: 'diff', a: files[0] as string, b: files[1] as string, isJson: rest.includes('--json') },
  };
}
/** cost: one log, or every session of a directory or ZIP; `--prices` names a price-edits JSON. */
export interface CostCommandArguments {
  command: 'cost';
  target: string;
  isJson: boolean;
  pricesFile: string | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const LOG_COMMANDS: ReadonlySet<string> = new Set<LogCommand>(['inspect', 'project', 'triage']);
const WORKSPACE_COMMANDS: ReadonlySet<string> = new Set<WorkspaceCommand>(['ls', 'tree']);

/** Parses `<command> <file…> [--json] [--at SEQ]` (options may come in any order after the command). */
export function parseCliArguments(args: readonly string[]): Parsed<CliArguments> {
  const [command, ...rest] = args;
  if (command === 'diff') return parseDiffArguments(rest);
  if (
    command === undefined ||
    (!LOG_COMMANDS.has(command) && !WORKSPACE_COMMANDS.has(command) && command !== 'cost')
  )
    return {
      ok: false,
      message: command === undefined ? 'no command given' : `unknown command "${command}"`,
    };
  const files: string[] = [];
  let isJson = false;
  let atSeq: number | null = null;
  let pricesFile: string | null = null;
  for (let position = 0; position < rest.length; position++) {
    const arg = rest[position] as string;
    if (arg === '--json') isJson = true;
    else if (arg === '--at' || arg.startsWith('--at=')) {
      const text = arg === '--at' ? rest[++position] : arg.slice('--at='.length);
      if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
        return { ok: false, message: `--at needs a non-negative integer seq, got ${text ?? 'nothing'}` };
      atSeq = Number(text);
    } else if (command === 'cost' && (arg === '--prices' || arg.startsWith('--prices='))) {
      const text = arg === '--prices' ? rest[++position] : arg.slice('--prices='.length);
      if (text === undefined || text === '') return { ok: false, message: '--prices needs a file' };
      pricesFile = text;
    } else if (arg.startsWith('--')) return { ok: false, message: `unknown option ${arg}` };
    else files.push(arg);
  }
  if (files.length === 0) return { ok: false, message: 'no file given' };
  if (command === 'ls') return { ok: true, value: { command, files, isJson } };
  if (files.length > 1) return { ok: false, message: `unexpected argument ${files[1] as string}` };
  if (command === 'tree') return { ok: true, value: { command, files, isJson } };
  if (command === 'cost')
    return { ok: true, value: { command, target: files[0] as string, isJson, pricesFile } };
  return { ok: true, value: { command: command as LogCommand, file: files[0] as string, isJson, atSeq } };
}

export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

export function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * CLI.md "Sniffing": a file whose first bytes are not `{`, a UTF-8 BOM or the zstd magic is not a
 * session log. An empty file is a (header-less) plain log, so it is readable.
 */
export function sniffLogBytes(bytes: Uint8Array): Parsed<'jsonl' | 'zstd'> {
  if (bytes.length === 0 || bytes[0] === 0x7b || startsWith(bytes, UTF8_BOM))
    return { ok: true, value: 'jsonl' };
  if (startsWith(bytes, ZSTD_MAGIC_BYTES)) return { ok: true, value: 'zstd' };
  if (startsWith(bytes, ZIP_MAGIC))
    return { ok: false, message: 'an export ZIP, not a single log: name a session as <zip>#<session id>' };
  return { ok: false, message: 'not a session log (expected a .jsonl or .jsonl.zstd file)' };
}
