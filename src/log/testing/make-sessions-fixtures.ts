// Writes fixtures/sessions/: a small dsh sessions root laid out as FORMAT.md §1.1 says, built from
// real parent/child logs (the shared corpus and fixtures/real-writer), and an export ZIP (§8.3) of
// one session tree. Run: npx tsx src/log/testing/make-sessions-fixtures.ts (needs the corpus at
// ../shared/corpus or $DSH_CORPUS). fixtures/sessions/README.md says what each session proves.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { decompress } from 'fzstd';
import { exportSafeId, projectDirectoryName, sessionDirectoryName } from '../workspace/storage-names.ts';
import { CORPUS_DIR } from './corpus-dir.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the fixture lives; `root/` inside it is the sessions root. */
export const SESSIONS_FIXTURE_DIR = join(REPO_ROOT, 'fixtures/sessions');

/** One source log of the root: where its bytes come from (stored form, `.jsonl.zstd`). */
interface SourceLog {
  from: 'corpus' | 'repo';
  /** File name in the corpus, or path from the repository root. */
  name: string;
  /** The file name in its session directory (a generation's canonical name). */
  as?: string;
}

/** The sessions of the root, in groups; README.md explains each group. */
const SESSIONS_ROOT_SOURCES: readonly SourceLog[] = [
  // A parent with a continuable child (started subagent <id>, then subagent-settled): real dsh writer.
  { from: 'repo', name: 'fixtures/real-writer/subagent-background/session.jsonl.zstd' },
  { from: 'repo', name: 'fixtures/real-writer/subagent-background/subagents/1/session.jsonl.zstd' },
  // Two foreground one-shot children of one parent, one call each (the §8.2 heuristic).
  { from: 'corpus', name: 'acp-agent__snapshots__subagent-multi__session.jsonl.zstd' },
  { from: 'corpus', name: 'acp-agent__snapshots__subagent-multi__session.1.jsonl.zstd' },
  { from: 'corpus', name: 'acp-agent__snapshots__subagent-multi__session.2.jsonl.zstd' },
  // A grandchild: depth 0 → 1 → 2, one-shot calls at each level.
  { from: 'corpus', name: 'acp-agent__snapshots__subagent-depth-two-rejection__session.jsonl.zstd' },
  { from: 'corpus', name: 'acp-agent__snapshots__subagent-depth-two-rejection__session.1.jsonl.zstd' },
  { from: 'corpus', name: 'acp-agent__snapshots__subagent-depth-two-rejection__session.2.jsonl.zstd' },
  // A forked child with an inherited prefix (seedLength 42).
  { from: 'corpus', name: 'acp-agent__snapshots__subagent-fork-in-process__session.jsonl.zstd' },
  { from: 'corpus', name: 'acp-agent__snapshots__subagent-fork-in-process__session.1.jsonl.zstd' },
  // One session stored as generations 0, 3 and 4 in one directory.
  {
    from: 'repo',
    name: 'fixtures/generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600/session.jsonl.zstd',
  },
  {
    from: 'repo',
    name: 'fixtures/generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600/session.v3.jsonl.zstd',
    as: 'session.v3.jsonl.zstd',
  },
  {
    from: 'repo',
    name: 'fixtures/generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600/session.v4.jsonl.zstd',
    as: 'session.v4.jsonl.zstd',
  },
  // A child whose parent is not in the root: an orphan.
  { from: 'repo', name: 'fixtures/subagent-child.jsonl.zstd' },
];

/** The corpus logs of the export ZIP: the depth-two chain (the grandchild is flattened under subagents/). */
const EXPORT_ZIP_SOURCES: readonly string[] = [
  'acp-agent__snapshots__subagent-depth-two-rejection__session.jsonl',
  'acp-agent__snapshots__subagent-depth-two-rejection__session.1.jsonl',
  'acp-agent__snapshots__subagent-depth-two-rejection__session.2.jsonl',
];

/** A file that is not a log, in a session directory of its own: listed as unreadable, with the reason. */
const BROKEN_FILE = { path: '--broken--/not-a-log/session.jsonl', text: 'this is not a dsh session log\n' };

/** Fixed ZIP member time, so the archive is the same bytes on every run. */
const ZIP_MTIME = new Date(Date.UTC(2026, 11, 1));

function readSource(source: SourceLog): Uint8Array {
  return new Uint8Array(
    readFileSync(source.from === 'corpus' ? join(CORPUS_DIR, source.name) : join(REPO_ROOT, source.name)),
  );
}

function headerOf(text: string): { id: string; cwd?: string } {
  return JSON.parse(text.slice(0, text.indexOf('\n'))) as { id: string; cwd?: string };
}

/** Every file of fixtures/sessions/, by path relative to it. Deterministic. */
export function buildSessionsFixture(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const source of SESSIONS_ROOT_SOURCES) {
    const bytes = readSource(source);
    const header = headerOf(new TextDecoder().decode(decompress(bytes)));
    const directory = `${projectDirectoryName(header.cwd ?? null)}/${sessionDirectoryName(header.id)}`;
    files.set(`root/${directory}/${source.as ?? 'session.jsonl.zstd'}`, bytes);
  }
  files.set(`root/${BROKEN_FILE.path}`, new TextEncoder().encode(BROKEN_FILE.text));
  const [rootName, ...childNames] = EXPORT_ZIP_SOURCES as [string, ...string[]];
  const rootText = readFileSync(join(CORPUS_DIR, rootName));
  const members: Record<string, [Uint8Array, { mtime: Date }]> = {
    'session.jsonl': [new Uint8Array(rootText), { mtime: ZIP_MTIME }],
  };
  for (const name of childNames) {
    const text = readFileSync(join(CORPUS_DIR, name));
    members[`subagents/${exportSafeId(headerOf(text.toString('utf8')).id)}/session.jsonl`] = [
      new Uint8Array(text),
      { mtime: ZIP_MTIME },
    ];
  }
  const rootId = exportSafeId(headerOf(rootText.toString('utf8')).id);
  files.set(`dsh-session-${rootId}.zip`, zipSync(members, { level: 6 }));
  return files;
}

/** Rewrites fixtures/sessions/ (README.md aside) from the sources. */
function writeSessionsFixture(): void {
  rmSync(join(SESSIONS_FIXTURE_DIR, 'root'), { recursive: true, force: true });
  for (const [path, bytes] of buildSessionsFixture()) {
    const target = join(SESSIONS_FIXTURE_DIR, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  writeSessionsFixture();
