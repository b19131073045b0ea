// Triage steps 1 and 2 (seed 002): what the header says (version, identity, delegation, fork) and
// whether the file's seqs are contiguous.

import { isRecord } from '../event.ts';
import { describeUnsupportedVersion, isSupportedFormatVersion } from '../format/format-version.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { LogProblem, ProblemKind } from '../problems.ts';

/** The header as triage reads it; every field is null when the header lacks it. Text is plain. */
export interface TriageHeader {
  version: number | null;
  /** True when this build reads the version (FORMAT.md §2.2: only 0). */
  isVersionSupported: boolean;
  id: string | null;
  cwd: string | null;
  /** Effective preset: the last agent-preset/selected, else the header value (FORMAT.md §2.3). */
  agentPreset: string | null;
  agentPresetSource: 'agent-preset/selected' | 'header' | null;
  delegationDepth: number | null;
  parentSession: string | null;
  createdAt: number | null;
  origin: string | null;
  seedLength: number | null;
  /** delegationDepth > 0 (FORMAT.md §8.1): tool names not in the parent's preset may come from here. */
  isDelegatedChild: boolean;
  /** One sentence per noteworthy header fact (version, delegation, fork), for people. */
  notes: string[];
}

/** Seq continuity of the file (FORMAT.md §3.3, §3.4). */
export interface TriageContinuity {
  isContiguous: boolean;
  eventCount: number;
  lineCount: number;
  packedRows: number;
  /** Seq-related problems (gaps, malformed rows, unparsable lines) with their lines. */
  gaps: LogProblem[];
  /** Why lines and seqs differ (packed rows), and what a gap usually means. Plain text. */
  explanation: string;
}

/** Problem kinds that are about seq continuity of the file (FORMAT.md §3.3, §3.4). */
const CONTINUITY_KINDS: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'seq-gap',
  'unparsable-line',
  'malformed-packed-row',
  'ignored-tail',
  'torn-record',
  'torn-tail',
]);

/** Continuity kinds that mean the stored lines are not one contiguous run of seqs. */
const BREAKS_CONTIGUITY: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'seq-gap',
  'unparsable-line',
  'malformed-packed-row',
  'torn-record',
]);

/** The header facts of triage step 1, with one sentence per noteworthy fact. */
export function deriveHeaderFacts(log: OpenedLog): TriageHeader {
  const header: Record<string, unknown> = isRecord(log.header) ? log.header : {};
  const version = typeof header.version === 'number' ? header.version : null;
  const headerPreset = typeof header.agentPreset === 'string' ? header.agentPreset : null;
  const selectedPreset = log.index.selectedAgentPreset;
  const delegationDepth = typeof header.delegationDepth === 'number' ? header.delegationDepth : null;
  const parentSession = typeof header.parentSession === 'string' ? header.parentSession : null;
  const seedLength = typeof header.seedLength === 'number' ? header.seedLength : null;
  const isDelegatedChild = delegationDepth !== null && delegationDepth > 0;

  const notes: string[] = [];
  if (log.header === null) notes.push('No readable header line: dsh refuses this log.');
  else if (version === null) notes.push('The header has no numeric version: dsh reports the log as corrupt.');
  else if (!isSupportedFormatVersion(version)) notes.push(describeUnsupportedVersion(version));
  if (log.header !== null && delegationDepth === null)
    notes.push('delegationDepth is missing or invalid: the JSONL reader rejects the whole log.');
  if (isDelegatedChild)
    notes.push(
      `delegationDepth ${delegationDepth}: this is a delegated child session; tool names not in the parent's preset may come from here.`,
    );
  if (parentSession !== null)
    notes.push(
      isDelegatedChild
        ? `parentSession ${parentSession} is the delegating parent.`
        : `parentSession ${parentSession} is set but delegationDepth is 0: a plain fork, not a delegation.`,
    );
  if (seedLength !== null)
    notes.push(`The first ${seedLength} events were copied from the parent when this session was forked.`);
  if (selectedPreset !== null && headerPreset !== null && selectedPreset !== headerPreset)
    notes.push(
      `agent-preset/selected switched the preset from ${headerPreset} to ${selectedPreset}; the selected one decides tools and prompt on resume.`,
    );

  return {
    version,
    isVersionSupported: version !== null && isSupportedFormatVersion(version),
    id: typeof header.id === 'string' ? header.id : null,
    cwd: typeof header.cwd === 'string' ? header.cwd : null,
    agentPreset: selectedPreset ?? headerPreset,
    agentPresetSource:
      selectedPreset !== null ? 'agent-preset/selected' : headerPreset !== null ? 'header' : null,
    delegationDepth,
    parentSession,
    createdAt: typeof header.createdAt === 'number' ? header.createdAt : null,
    origin: typeof header.origin === 'string' ? header.origin : null,
    seedLength,
    isDelegatedChild,
    notes,
  };
}

/** Triage step 2: whether the stored lines are one contiguous run of seqs, and why they may not be. */
export function deriveContinuity(log: OpenedLog): TriageContinuity {
  const gaps = log.problems.filter((problem) => CONTINUITY_KINDS.has(problem.kind));
  const isContiguous = !gaps.some((problem) => BREAKS_CONTIGUITY.has(problem.kind));
  const eventCount = log.store.eventCount;
  const sentences: string[] = [];
  if (log.packedRows > 0)
    sentences.push(
      `${log.lineCount} stored lines hold ${eventCount} events because ${log.packedRows} packed chunk rows each expand to several seqs (FORMAT.md §4): fewer lines than seqs is normal, not lost history.`,
    );
  else sentences.push(`${log.lineCount} stored lines, ${eventCount} events, no packed rows.`);
  if (isContiguous) sentences.push(`Seqs 0..${Math.max(eventCount - 1, 0)} are contiguous.`);
  else
    sentences.push(
      'The file is not contiguous. A gap usually means a reader dropped packed rows or an unknown plugin event: fix the reader before reading the gap as lost history. In the file itself dsh cuts the log at the first damaged line, or refuses the log when a turn/end follows it.',
    );
  return {
    isContiguous,
    eventCount,
    lineCount: log.lineCount,
    packedRows: log.packedRows,
    gaps,
    explanation: sentences.join(' '),
  };
}
