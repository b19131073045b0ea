// The dsh-replay command line (CLI.md): `inspect|project|triage <log> [--json] [--at SEQ]`,
// `ls <dir|zip|file…> [--json]`, `tree <dir|zip> [--json]`, `diff <a> <b> [--json]` and
// `cost <file|dir|zip>` over the pure core. Exit 0 when the input could be read (any verdict), 2 when
// it could not, 1 on a bug.

import { argv, exit, stderr, stdout } from 'node:process';
import {
  buildInspectReport,
  buildProjectReport,
  buildSessionListReport,
  buildSessionTreeReport,
  DecodeTimeMigrationAudit,
  deriveFormatVerdicts,
  deriveTriage,
  discoverSessions,
  escapeJsonForTerminal,
  stringifyJsonIteratively,
  toPlainLine,
  loadChecksumVerifier,
  readEntryChunks,
  readSessionListFacts,
} from '../log/index.ts';
import type { SessionListFacts, WorkspaceSession } from '../log/index.ts';
import { loadFastZstd } from './fast-zstd.ts';
import { formatInspectText, formatProjectText, formatTriageText } from './format-text.ts';
import { formatListText, formatTreeText } from './format-sessions.ts';
import type { LogCommandArguments, WorkspaceCommandArguments } from './cli-arguments.ts';
import { formatCostText, runCost } from './cost-command.ts';
import { parseCliArguments, USAGE } from './cli-arguments.ts';
import { collectEntries } from './node-entries.ts';
import { writeListJson } from './list-json.ts';
import { readLogTarget } from './open-target.ts';
import { formatDiffText, runDiff } from './diff-command.ts';
import { CLI_READ_LIMITS, readLogChunks, type ReadLogResult } from './read-log-file.ts';
import { runExportCommand } from './export-command.ts';
import { FOLLOW_USAGE, runFollowCommand } from './follow-command.ts';

/** Exit statuses of CLI.md. */
const EXIT_READABLE = 0;
const EXIT_INTERNAL_ERROR = 1;
const EXIT_NOT_READABLE = 2;

/** `--json` output: the report as JSON, with characters a terminal would apply written as `\uXXXX`. */
function formatJson(report: unknown): string {
  // Iterative: a hostile workspace's tree is as deep as it likes (JSON.stringify overflows at ~3,000).
  return escapeJsonForTerminal(stringifyJsonIteratively(report, 2) ?? 'null');
}

/** Writes `text` as it is, resolved once stdout has taken it (a pipe's reader sets the pace). */
async function writeRaw(text: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

async function writeOut(text: string): Promise<void> {
  await writeRaw(text.endsWith('\n') ? text : `${text}\n`);
}

async function runLogCommand({ command, file, isJson, atSeq }: LogCommandArguments): Promise<number> {
  const target = await readLogTarget(file);
  if (!target.ok) {
    stderr.write(`dsh-replay: ${target.message}\n`);
    return EXIT_NOT_READABLE;
  }
  const { entry, name } = target;
  const [checksum, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
  // Streamed into the incremental decoder: a file of any size (readFile stops at 2 GiB).
  // inspect and triage need dsh's answer: its migration audit runs as the events are decoded (the
  // log is read once), not over the store afterwards.
  const audit = command === 'project' ? null : new DecodeTimeMigrationAudit();
  const read: ReadLogResult = await readLogChunks(readEntryChunks(entry), {
    checksum,
    fastDecompress,
    ...(audit === null ? {} : { onEvent: audit.onEvent }),
  });
  if (!read.ok) {
    stderr.write(
      read.reason === 'not-a-log'
        ? `dsh-replay: ${file}: ${read.message}\n`
        : `dsh-replay: cannot read ${file} (${read.message})\n`,
    );
    return EXIT_NOT_READABLE;
  }
  const { log } = read;
  if (log.problems.some((problem) => problem.kind === 'not-a-log' || problem.kind === 'zip')) {
    stderr.write(`dsh-replay: ${file} is not a session log\n`);
    return EXIT_NOT_READABLE;
  }

  switch (command) {
    case 'inspect': {
      const report = buildInspectReport(log, audit?.resultFor(log));
      await writeOut(isJson ? formatJson(report) : formatInspectText(report, name));
      break;
    }
    case 'project': {
      const report = buildProjectReport(log, atSeq);
      await writeOut(isJson ? formatJson(report) : formatProjectText(report));
      break;
    }
    case 'triage': {
      const report = deriveTriage(log, deriveFormatVerdicts(log, audit?.resultFor(log)));
      await writeOut(isJson ? formatJson(report) : formatTriageText(report));
      break;
    }
  }
  return EXIT_READABLE;
}

/** `ls` and `tree`: discovery (and, for ls, the summary pass) over the arguments' files. */
async function runWorkspaceCommand({ command, files, isJson }: WorkspaceCommandArguments): Promise<number> {
  const collected = await collectEntries(files);
  if (collected.missing.length === files.length) {
    stderr.write(`dsh-replay: cannot read ${collected.missing.join(', ')} (ENOENT)\n`);
    return EXIT_NOT_READABLE;
  }
  const workspace = await discoverSessions(collected.entries);
  workspace.problems.push(
    ...collected.problems,
    ...collected.missing.map((path) => ({ path, message: 'no such file or directory' })),
  );
  // Only files were named and none of them holds a session (a garbage .zip, a device): as inspect
  // says of a file that is not a log, exit 2 with the reasons, whatever the command.
  if (!collected.hasDirectory && workspace.sessions.length === 0 && workspace.problems.length > 0) {
    for (const problem of workspace.problems)
      stderr.write(`dsh-replay: ${toPlainLine(problem.path, 200)}: ${toPlainLine(problem.message, 300)}\n`);
    return EXIT_NOT_READABLE;
  }
  if (command === 'tree') {
    const report = buildSessionTreeReport(workspace);
    await writeOut(isJson ? formatJson(report) : formatTreeText(report));
    return EXIT_READABLE;
  }
  const [checksum, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
  const decoder = { checksum, fastDecompress, ...CLI_READ_LIMITS };
  // An ls row's facts only (listFactsOfLog), not the viewer's whole summary.
  const read = (session: WorkspaceSession) => readSessionListFacts(session.entry, decoder);
  if (isJson) {
    // Row by row as each session is read: no facts or whole document held (list-json.ts).
    await writeListJson(collected.root, workspace, read, writeRaw);
    return EXIT_READABLE;
  }
  // The text needs every row first (its header counts them, ids are cut where they stay unique).
  const facts = new Map<string, SessionListFacts>();
  const failures = new Map<string, string>();
  for (const session of workspace.sessions) {
    const listed = await read(session);
    if (listed.ok) facts.set(session.id, listed.facts);
    else failures.set(session.id, listed.reason);
  }
  await writeOut(formatListText(buildSessionListReport(collected.root, workspace, facts, failures)));
  return EXIT_READABLE;
}

async function run(args: readonly string[]): Promise<number> {
  if (args[0] === 'export') return runExportCommand(args.slice(1), writeOut, (text) => stderr.write(text));
  // follow parses its own options (follow-command.ts): it runs until the file goes idle or a signal.
  if (args[0] === 'follow')
    return runFollowCommand(args.slice(1), async () => {
      const [checksum, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
      return { checksum, fastDecompress };
    });
  const parsed = parseCliArguments(args);
  if (!parsed.ok) {
    stderr.write(`dsh-replay: ${parsed.message}\n${USAGE}\n${FOLLOW_USAGE}\n`);
    return EXIT_NOT_READABLE;
  }
  const { value } = parsed;
  if (value.command === 'diff') {
    const report = await runDiff(value);
    if (report === null) return EXIT_NOT_READABLE;
    await writeOut(value.isJson ? formatJson(report) : formatDiffText(report));
    return EXIT_READABLE;
  }
  if (value.command === 'cost') {
    const outcome = await runCost(value);
    if (!outcome.ok) {
      stderr.write(`dsh-replay: ${outcome.message}\n`);
      return EXIT_NOT_READABLE;
    }
    await writeOut(value.isJson ? formatJson(outcome.report) : formatCostText(outcome.report));
    return EXIT_READABLE;
  }
  if ('files' in value) return runWorkspaceCommand(value);
  return runLogCommand(value);
}

run(argv.slice(2)).then(
  (status) => exit(status),
  (error: unknown) => {
    stderr.write(
      `dsh-replay: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    exit(EXIT_INTERNAL_ERROR);
  },
);
