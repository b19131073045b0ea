// `ls --json` written as the listing pass goes (issue 27): rows in list order, a batch at a time,
// so a workspace of 100,000 sessions never holds its summaries or a 150 MB document in memory
// (that heap, and the collector's work on it, was most of the listing's time). The text is the
// one formatJson(buildSessionListReport(…)) gives, byte for byte (list-json.test.ts).

import type {
  SessionListFactsRead,
  SessionListRow,
  Workspace,
  WorkspaceProblem,
  WorkspaceSession,
} from '../log/index.ts';
import {
  buildSessionListRow,
  escapeJsonForTerminal,
  sortListProblems,
  stringifyJsonIteratively,
} from '../log/index.ts';

/** Rows stringified and written at once: few writes, and a batch's text stays well under a MiB or two. */
const ROWS_PER_WRITE = 256;

const BATCH_OPEN = '{\n  "sessions": [';
const BATCH_CLOSE = '\n  ]\n}';

/**
 * The rows as they stand inside the document's `sessions` array, each line led by its line feed
 * and indentation, separated by commas: one native stringify of a wrapper whose array sits as deep
 * as the document's (a row's depth is fixed by SessionListRow, so V8's recursion is safe here;
 * only the lineage documents need stringifyJsonIteratively).
 */
function rowsText(rows: readonly SessionListRow[]): string {
  const text = JSON.stringify({ sessions: rows }, null, 2);
  return escapeJsonForTerminal(text.slice(BATCH_OPEN.length, text.length - BATCH_CLOSE.length));
}

/**
 * Reads `workspace`'s sessions one by one with `read` and writes the `ls` document through
 * `write`, awaited at each batch (a slow reader holds the pass back, not memory).
 */
export async function writeListJson(
  root: string,
  workspace: Workspace,
  read: (session: WorkspaceSession) => Promise<SessionListFactsRead>,
  write: (text: string) => Promise<void>,
): Promise<void> {
  const problems: WorkspaceProblem[] = [...workspace.problems];
  let pending = `{\n  "root": ${escapeJsonForTerminal(JSON.stringify(root))},\n  "sessions": [`;
  let batch: SessionListRow[] = [];
  let isFirstBatch = true;
  const flush = async (): Promise<void> => {
    pending += `${isFirstBatch ? '' : ','}${rowsText(batch)}`;
    isFirstBatch = false;
    batch = [];
    await write(pending);
    pending = '';
  };
  for (const session of workspace.sessions) {
    const facts = await read(session);
    if (!facts.ok) problems.push({ path: session.path, message: facts.reason });
    batch.push(buildSessionListRow(session, facts.ok ? facts.facts : undefined));
    if (batch.length === ROWS_PER_WRITE) await flush();
  }
  if (batch.length > 0) await flush();
  pending += isFirstBatch ? ']' : '\n  ]';
  const problemsText = stringifyJsonIteratively(sortListProblems(problems), 2) ?? '[]';
  pending += `,\n  "problems": ${escapeJsonForTerminal(problemsText.replaceAll('\n', '\n  '))}\n}\n`;
  await write(pending);
}
