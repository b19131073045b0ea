// `ls` and `tree` as text for a person: one line per session, the same facts as --json. Log text
// (ids, titles, paths from the workspace) goes through the core's one cleaner (toPlainLine).

import type { SessionListReport, SessionTreeReport, SessionTreeRow } from '../log/index.ts';
import { formatBytes, isRunNotOk, toPlainLine, uniqueIdPrefixes } from '../log/index.ts';

/**
 * How ids are named in text: whole up to 60 characters, longer ones cut where no other id of the
 * output starts the same (uniqueIdPrefixes, as the viewer's list does with 8), then made visible.
 */
function idLabeller(ids: Iterable<string>): (id: string) => string {
  const shown = uniqueIdPrefixes(ids, { minChars: 60 });
  return (id) => {
    const prefix = shown.get(id) ?? id;
    return `${toPlainLine(prefix, 100_000)}${prefix.length < id.length ? '…' : ''}`;
  };
}

function formatTime(epochMs: number | null): string {
  return epochMs === null ? '—' : new Date(epochMs).toISOString().replace('T', ' ').slice(0, 19);
}

function problemLines(problems: SessionListReport['problems']): string[] {
  if (problems.length === 0) return [];
  return [
    '',
    `${problems.length} problem${problems.length === 1 ? '' : 's'}:`,
    ...problems.map((problem) => `  ${toPlainLine(problem.path, 160)}: ${toPlainLine(problem.message, 300)}`),
  ];
}

/**
 * The three answers in three words (the same object as `inspect --json`'s `answers`): what this
 * viewer reads, what dsh does, how the run ended. A refusal is its own word, never "failed".
 */
function answersText(answers: SessionListReport['sessions'][number]['answers']): string {
  if (answers === null) return 'not read';
  const { viewer, dsh, run } = answers;
  const reads =
    viewer.problemLines === 0
      ? 'reads-all'
      : `${viewer.problemLines}-problem-line${viewer.problemLines === 1 ? '' : 's'}`;
  return `${reads} dsh-${dsh.answer} run-${run.ending}`;
}

/** `ls` as text: a header line, one line per session, then the problems. */
export function formatListText(report: SessionListReport): string {
  const label = idLabeller(
    report.sessions.flatMap((session) =>
      session.parentSession === null ? [session.id] : [session.id, session.parentSession],
    ),
  );
  // The viewer's "not ok only" filter and its tree roll-up go by the same predicate (isRunNotOk).
  const notOk = report.sessions.filter(
    (session) =>
      session.failure !== null &&
      session.answers !== null &&
      isRunNotOk(session.failure, session.answers.run.ending),
  ).length;
  const lines = [
    `${report.sessions.length} session${report.sessions.length === 1 ? '' : 's'} in ${toPlainLine(report.root, 200)}${notOk > 0 ? `, ${notOk} run${notOk === 1 ? '' : 's'} not ok` : ''}`,
  ];
  for (const session of report.sessions) {
    const counts =
      session.events === null
        ? 'not summarized'
        : `${session.turns ?? 0} turns, ${session.toolCalls ?? 0} calls, ${session.events} events`;
    const lineage = session.parentSession === null ? '' : ` child of ${label(session.parentSession)}`;
    lines.push(
      [
        label(session.id),
        formatTime(session.createdAt),
        `v${session.version ?? '?'}`,
        answersText(session.answers),
        counts,
        formatBytes(session.bytes),
        session.title === null ? '(no title)' : JSON.stringify(toPlainLine(session.title, 80)),
      ].join('  ') + lineage,
    );
    lines.push(
      `    ${toPlainLine(session.path, 200)}${session.generations.length > 0 ? `  (+${session.generations.length} older generation${session.generations.length === 1 ? '' : 's'})` : ''}`,
    );
  }
  return [...lines, ...problemLines(report.problems)].join('\n');
}

/** Levels shown as indentation; deeper ones say their depth (a 100,000-deep chain stays linear in size). */
const MAX_INDENT_LEVELS = 32;

function indentOf(depth: number): string {
  if (depth <= MAX_INDENT_LEVELS) return '  '.repeat(depth);
  return `${'  '.repeat(MAX_INDENT_LEVELS)}[depth ${depth}] `;
}

/** `tree` as text: the lineage indented two spaces a level, with kind and path. */
export function formatTreeText(report: SessionTreeReport): string {
  const lines: string[] = [];
  const ids: string[] = [];
  const walk: SessionTreeRow[] = [...report.roots];
  while (walk.length > 0) {
    const node = walk.pop() as SessionTreeRow;
    ids.push(node.id);
    for (const child of node.children) walk.push(child);
  }
  const label = idLabeller(ids);
  const stack: SessionTreeRow[] = [...report.roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as SessionTreeRow;
    const marks = [node.kind, node.isOrphan ? 'orphan: parent not found' : null].filter(
      (mark) => mark !== null,
    );
    lines.push(
      `${indentOf(node.depth)}${label(node.id)}  [${marks.join(', ')}]  ${toPlainLine(node.path, 200)}`,
    );
    // One push per child (a spread of 130,000 siblings overflows the argument limit), last first.
    for (let index = node.children.length - 1; index >= 0; index--)
      stack.push(node.children[index] as SessionTreeRow);
  }
  if (lines.length === 0) lines.push('no sessions');
  if (report.orphans.length > 0)
    lines.push(
      '',
      `${report.orphans.length} orphan${report.orphans.length === 1 ? '' : 's'} (parentSession not in the set)`,
    );
  return lines.join('\n');
}
