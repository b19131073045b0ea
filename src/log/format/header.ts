// Header line validation (FORMAT.md §2.2): the version gate first, then the shape checks, as upstream orders them.

import type { SessionHeader } from '../event.ts';
import { isRecord } from '../event.ts';
import type { LogNote, LogProblem } from '../problems.ts';
import { ValidationStage } from '../problems.ts';
import { describeUnsupportedVersion, isSupportedFormatVersion } from './format-version.ts';
import type { FormatGeneration } from './generations/generation.ts';
import { generationOfVersion } from './generations/generation.ts';
import { REQUIRED_HEADER_KEYS, rulesOfGeneration } from './generations/generation-rules.ts';

/** Header keys that upstream retired; their presence rejects the log (FORMAT.md §2.2 step 5). */
const RETIRED_HEADER_KEYS = ['sandboxMode', 'approvalPolicy'] as const;

/** Result of checking the header line: the parsed header (null unless it is a JSON object) and its problems. */
export interface HeaderCheck {
  header: SessionHeader | null;
  problems: LogProblem[];
  /** The generation whose rules apply; null when the header names none this viewer knows. */
  generation: FormatGeneration | null;
  /** The header `version` when it is a safe integer above the newest known generation, else null. */
  newerVersion: number | null;
  /** Information about the header that is not a defect (a Windows-only absolute `cwd`). */
  notes: LogNote[];
}

function isNonNegativeSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0);
}

function headerProblem(
  kind: 'bad-header' | 'unsupported-version',
  effect: 'corrupt' | 'unsupported',
  stage: ValidationStage,
  message: string,
): LogProblem {
  return { kind, effect, stage, line: 1, seq: null, byteOffset: 0, message };
}

/** The check of a first line that is no header object at all. */
function notAHeader(message: string): HeaderCheck {
  return {
    header: null,
    generation: null,
    newerVersion: null,
    problems: [headerProblem('bad-header', 'corrupt', ValidationStage.HEADER_SHAPE, message)],
    notes: [],
  };
}

/**
 * Checks the parsed first line. `parsed` is the JSON.parse result, or `undefined` when the line
 * was not valid JSON. A numeric version that names no known generation (above 4, negative,
 * fractional) is refused before any shape check (and the shape is then not checked: a newer format
 * need not satisfy today's shape); a known one selects the generation's header rules.
 */
export function checkHeader(parsed: unknown): HeaderCheck {
  if (parsed === undefined)
    return notAHeader(
      'The first line is not valid JSON, so it is not a session header; dsh refuses this log.',
    );
  if (!isRecord(parsed))
    return notAHeader(
      'The first line is not a JSON object, so it is not a session header; dsh refuses this log.',
    );
  const header = parsed as SessionHeader;
  const version = parsed['version'];
  const reading = generationOfVersion(version);
  if (typeof version === 'number' && !isSupportedFormatVersion(version)) {
    const message = describeUnsupportedVersion(version);
    return {
      header,
      generation: null,
      newerVersion: reading.kind === 'newer' ? reading.version : null,
      problems: [
        headerProblem('unsupported-version', 'unsupported', ValidationStage.HEADER_VERSION, message),
      ],
      notes: [],
    };
  }
  const generation = reading.kind === 'known' ? reading.generation : null;
  const faults: string[] = [];
  if (parsed['type'] !== 'session') faults.push('`type` is not "session"');
  if (typeof version !== 'number') faults.push('`version` is missing or not a number');
  if (typeof parsed['id'] !== 'string') faults.push('`id` is missing or not a string');
  if (!isNonNegativeSafeInteger(parsed['createdAt']))
    faults.push('`createdAt` is not a non-negative safe integer');
  if (!('delegationDepth' in parsed)) faults.push('`delegationDepth` is missing');
  else if (!isNonNegativeSafeInteger(parsed['delegationDepth']))
    faults.push('`delegationDepth` is not a non-negative safe integer');
  if ('origin' in parsed && parsed['origin'] !== 'subagent') faults.push('`origin` is not "subagent"');
  if ('agentPreset' in parsed && typeof parsed['agentPreset'] !== 'string')
    faults.push('`agentPreset` is not a string');
  for (const key of RETIRED_HEADER_KEYS) if (key in parsed) faults.push(`retired key \`${key}\` is present`);
  if ('cwd' in parsed && typeof parsed['cwd'] !== 'string') faults.push('`cwd` is not a string');
  if ('parentSession' in parsed && typeof parsed['parentSession'] !== 'string')
    faults.push('`parentSession` is not a string');
  faults.push(...checkGenerationKeys(parsed, generation ?? 0));
  const problems: LogProblem[] = [];
  if (faults.length > 0)
    problems.push(
      headerProblem(
        'bad-header',
        'corrupt',
        ValidationStage.HEADER_SHAPE,
        `The first line is not a valid session header (${faults.join('; ')}); dsh refuses this log. The viewer reads it anyway.`,
      ),
    );
  const notes: LogNote[] = [];
  const cwd = parsed['cwd'];
  if (typeof cwd === 'string') {
    const platform = cwdAbsoluteOn(cwd);
    if (platform === 'none')
      problems.push(
        headerProblem(
          'bad-header',
          'corrupt',
          ValidationStage.SESSION,
          `The header cwd ${JSON.stringify(cwd)} is not an absolute path, so dsh refuses to build the session from it. The viewer reads it anyway.`,
        ),
      );
    else if (platform === 'windows')
      notes.push({
        kind: 'windows-cwd',
        line: 1,
        seq: null,
        byteOffset: 0,
        message: `The header cwd ${JSON.stringify(cwd)} is absolute only by Windows rules: dsh on Windows reads this log, dsh on Linux or macOS refuses it.`,
      });
  }
  return { header, generation, newerVersion: null, problems, notes };
}

/**
 * Where `cwd` is an absolute path (FORMAT.md §2.2 step 6: "by the host platform's rules"): `posix`
 * for a leading `/` (absolute on Windows too), `windows` for a drive root (`C:\`, `C:/`) or a
 * leading backslash (UNC or the current drive's root), `none` otherwise (relative or empty).
 */
function cwdAbsoluteOn(cwd: string): 'posix' | 'windows' | 'none' {
  if (cwd.startsWith('/')) return 'posix';
  if (cwd.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(cwd)) return 'windows';
  return 'none';
}

/**
 * The header fields that differ by generation (docs/format-generations.md §1, §3): generations 0/1
 * mark a seeded child with `seedLength`; from 2 on `isSeeded` is required and the key set is exact.
 */
function checkGenerationKeys(parsed: Record<string, unknown>, generation: FormatGeneration): string[] {
  const rules = rulesOfGeneration(generation);
  const faults: string[] = [];
  if (rules.seedMarker === 'seedLength') {
    if ('seedLength' in parsed && !isNonNegativeSafeInteger(parsed['seedLength']))
      faults.push('`seedLength` is not a non-negative safe integer');
    return faults;
  }
  if (typeof parsed['isSeeded'] !== 'boolean') faults.push('`isSeeded` is missing or not a boolean');
  if (rules.isHeaderKeySetExact) {
    const allowed = new Set<string>([...REQUIRED_HEADER_KEYS, 'isSeeded', ...rules.headerOptionalKeys]);
    for (const key of Object.keys(parsed))
      if (!allowed.has(key) && !RETIRED_HEADER_KEYS.includes(key as (typeof RETIRED_HEADER_KEYS)[number]))
        faults.push(`key \`${key}\` is not a generation-${generation} header key`);
  }
  return faults;
}
