// `ls --json` streamed (list-json.ts, issue 27) is the document formatJson(buildSessionListReport)
// gave, byte for byte, and it is written while the pass goes, not once every session is read.
import { describe, expect, it } from 'vitest';
import type { SessionListFacts, WorkspaceEntry } from '../log/index.ts';
import {
  buildSessionListReport,
  discoverSessions,
  entryFromBytes,
  escapeJsonForTerminal,
  readSessionListFacts,
  stringifyJsonIteratively,
} from '../log/index.ts';
import { writeListJson } from './list-json.ts';

const encoder = new TextEncoder();

/** A session file with header `id` and, when given, a title (log text, so anything). */
function sessionEntry(path: string, id: string, title?: string): WorkspaceEntry {
  const lines = [
    JSON.stringify({ type: 'session', version: 4, id, createdAt: 1, cwd: '/w', delegationDepth: 0 }),
  ];
  if (title !== undefined)
    lines.push(JSON.stringify({ seq: 0, type: 'session/title', time: 2, data: { title } }));
  return entryFromBytes(path, encoder.encode(`${lines.join('\n')}\n`));
}

/** An entry whose every read rejects after discovery read its head. */
function failingEntry(path: string, id: string): WorkspaceEntry {
  const head = sessionEntry(path, id);
  return { ...head, readChunks: undefined, read: () => Promise.reject(new Error('gone')) };
}

/** The document as the CLI printed it before it streamed: the whole report, then formatJson. */
async function wholeDocument(root: string, entries: WorkspaceEntry[]): Promise<string> {
  const workspace = await discoverSessions(entries);
  const facts = new Map<string, SessionListFacts>();
  const failures = new Map<string, string>();
  for (const session of workspace.sessions) {
    const read = await readSessionListFacts(session.entry);
    if (read.ok) facts.set(session.id, read.facts);
    else failures.set(session.id, read.reason);
  }
  const report = buildSessionListReport(root, workspace, facts, failures);
  return `${escapeJsonForTerminal(stringifyJsonIteratively(report, 2) ?? 'null')}\n`;
}

async function streamedDocument(
  root: string,
  entries: WorkspaceEntry[],
): Promise<{ text: string; writes: number }> {
  const workspace = await discoverSessions(entries);
  let text = '';
  let writes = 0;
  await writeListJson(
    root,
    workspace,
    (session) => readSessionListFacts(session.entry),
    (chunk) => {
      text += chunk;
      writes += 1;
      return Promise.resolve();
    },
  );
  return { text, writes };
}

describe('writeListJson', () => {
  it('writes the whole report’s document, escapes included, for rows, problems and none', async () => {
    const hostile = [
      sessionEntry('a/session.jsonl', 'plain', 'a title'),
      sessionEntry('b/session.jsonl', 'rtl\u202eid', 'emoji 🧪 and \u0085 and \u200b'),
      sessionEntry('c/session.jsonl', 'plain', 'a duplicate id'),
      failingEntry('d/session.jsonl', 'unreadable'),
      entryFromBytes('e/session.jsonl', encoder.encode('not a log\n')),
    ];
    for (const entries of [hostile, [], [hostile[3] as WorkspaceEntry]]) {
      const streamed = await streamedDocument('root \u202e', entries);
      expect(streamed.text).toBe(await wholeDocument('root \u202e', entries));
    }
    const text = (await streamedDocument('.', hostile)).text;
    expect(text).toContain('rtl\\u202Eid');
    expect(JSON.parse(text).problems.length).toBeGreaterThan(1);
  });

  it('writes rows before the last session is read, in batches', async () => {
    const entries = Array.from({ length: 600 }, (_, index) =>
      sessionEntry(`s${index}/session.jsonl`, `s${index}`),
    );
    const workspace = await discoverSessions(entries);
    const events: string[] = [];
    await writeListJson(
      '.',
      workspace,
      (session) => {
        events.push('read');
        return readSessionListFacts(session.entry);
      },
      () => {
        events.push('write');
        return Promise.resolve();
      },
    );
    expect(events.filter((event) => event === 'read')).toHaveLength(600);
    expect(events.indexOf('write')).toBeLessThan(events.lastIndexOf('read'));
    const streamed = await streamedDocument('.', entries);
    expect(streamed.writes).toBeGreaterThan(2);
    expect(streamed.text).toBe(await wholeDocument('.', entries));
  });
});
