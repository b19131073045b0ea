// The dsh-replay command line (CLI.md): `inspect|project|triage <file> [--json] [--at SEQ]` over the
// pure core. Exit 0 when the file could be read (any verdict), 2 when it could not, 1 on a bug.

import { basename } from 'node:path';
import { argv, exit, stderr, stdout } from 'node:process';
import {
  buildInspectReport,
  buildProjectReport,
  deriveTriage,
  escapeJsonForTerminal,
  loadChecksumVerifier,
} from '../log/index.ts';
import { loadFastZstd } from './fast-zstd.ts';
import { formatInspectText, formatProjectText, formatTriageText } from './format-text.ts';
import { parseCliArguments, USAGE } from './cli-arguments.ts';
import { readLogFile } from './read-log-file.ts';

/** Exit statuses of CLI.md. */
const EXIT_READABLE = 0;
const EXIT_INTERNAL_ERROR = 1;
const EXIT_NOT_READABLE = 2;

/** `--json` output: the report as JSON, with characters a terminal would apply written as `\uXXXX`. */
function formatJson(report: unknown): string {
  return escapeJsonForTerminal(JSON.stringify(report, null, 2));
}

async function writeOut(text: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    stdout.write(text.endsWith('\n') ? text : `${text}\n`, (error) => (error ? reject(error) : resolve()));
  });
}

async function run(args: readonly string[]): Promise<number> {
  const parsed = parseCliArguments(args);
  if (!parsed.ok) {
    stderr.write(`dsh-replay: ${parsed.message}\n${USAGE}\n`);
    return EXIT_NOT_READABLE;
  }
  const { command, file, isJson, atSeq } = parsed.value;

  const [checksum, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
  let read: Awaited<ReturnType<typeof readLogFile>>;
  try {
    read = await readLogFile(file, { checksum, fastDecompress });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error)) throw error;
    stderr.write(`dsh-replay: cannot read ${file} (${String(error.code)})\n`);
    return EXIT_NOT_READABLE;
  }
  if (!read.ok) {
    stderr.write(`dsh-replay: ${file}: ${read.notALog}\n`);
    return EXIT_NOT_READABLE;
  }
  const { log } = read;
  if (log.problems.some((problem) => problem.kind === 'not-a-log' || problem.kind === 'zip')) {
    stderr.write(`dsh-replay: ${file} is not a session log\n`);
    return EXIT_NOT_READABLE;
  }

  switch (command) {
    case 'inspect': {
      const report = buildInspectReport(log);
      await writeOut(isJson ? formatJson(report) : formatInspectText(report, basename(file)));
      break;
    }
    case 'project': {
      const report = buildProjectReport(log, atSeq);
      await writeOut(isJson ? formatJson(report) : formatProjectText(report));
      break;
    }
    case 'triage': {
      const report = deriveTriage(log);
      await writeOut(isJson ? formatJson(report) : formatTriageText(report));
      break;
    }
  }
  return EXIT_READABLE;
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
