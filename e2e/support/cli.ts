// Runs the project's CLI (an independent reader of the same file) to get expected answers for specs.
import { execFileSync } from 'node:child_process';

/** `npm run cli -- project FILE --at SEQ --json`: the seqs of the messages the model view lists at `seq`, in order. */
export function projectMessageSeqs(file: string, seq: number): number[] {
  const output = execFileSync(
    'npm',
    ['run', '--silent', 'cli', '--', 'project', file, '--at', String(seq), '--json'],
    { encoding: 'utf8', timeout: 60_000 },
  );
  const parsed = JSON.parse(output) as { at: number | null; messages: { sourceSeq: number }[] };
  if (parsed.at !== seq) throw new Error(`CLI answered for seq ${String(parsed.at)}, asked ${seq}`);
  return parsed.messages.map((message) => message.sourceSeq);
}

/** The model view's message count at `seq`, from the CLI. */
export function projectMessageCount(file: string, seq: number): number {
  return projectMessageSeqs(file, seq).length;
}

/** `npm run cli -- inspect FILE --json`: the tool calls that have a tool/call event (what the timeline draws). */
export function executedToolCalls(
  file: string,
): { callId: string; name: string; callSeq: number; resultSeq: number | null; status: string }[] {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'inspect', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const parsed = JSON.parse(output) as {
    toolCalls: {
      callId: string;
      name: string;
      callSeq: number | null;
      resultSeq: number | null;
      status: string;
    }[];
  };
  return parsed.toolCalls.flatMap((call) =>
    call.callSeq === null ? [] : [{ ...call, callSeq: call.callSeq }],
  );
}

/** `npm run cli -- triage FILE --json`: the seqs of the triage findings, ascending and unique (what n / N visit). */
export function triageFindingSeqs(file: string): number[] {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'triage', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const parsed = JSON.parse(output) as { findings: { seq: number }[] };
  return [...new Set(parsed.findings.map((finding) => finding.seq))].sort((a, b) => a - b);
}

/** `npm run cli -- triage FILE --json`: the bug report, exactly as the CLI prints it in JSON. */
export function triageBugReport(file: string): string {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'triage', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return (JSON.parse(output) as { bugReport: string }).bugReport;
}

/** The format verdicts of `inspect --json` (the generation, the writer's and current dsh's verdicts, the refusals). */
export interface CliFormatVerdicts {
  generation: number | null;
  newerVersion: number | null;
  writer: { release: string; status: string; reason: string | null };
  current: {
    release: string;
    status: string;
    reason: string | null;
    refusals: { rule: string; seq: number | null }[];
  };
}

/** `npm run cli -- inspect FILE --json`: its `format` field. */
export function inspectFormatVerdicts(file: string): CliFormatVerdicts {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'inspect', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return (JSON.parse(output) as { format: CliFormatVerdicts }).format;
}

/** `npm run cli -- inspect FILE --json`: the turns with their steps (seqs inclusive; endSeq null while hanging). */
export function inspectTurns(
  file: string,
): { turn: number; startSeq: number; endSeq: number | null; steps: { step: number; startSeq: number }[] }[] {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'inspect', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return (
    JSON.parse(output) as {
      turns: {
        turn: number;
        startSeq: number;
        endSeq: number | null;
        steps: { step: number; startSeq: number }[];
      }[];
    }
  ).turns;
}

/** `inspect FILE --json`: how many events the CLI reads from the file. */
export function inspectEventCount(file: string): number {
  const output = execFileSync('npm', ['run', '--silent', 'cli', '--', 'inspect', file, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return (JSON.parse(output) as { events: { count: number } }).events.count;
}
