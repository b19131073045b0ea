// `npm run bench:sessions`: generates (cached in .bench/) a sessions root of 500 sessions — a few
// large, most small, in lineage trees — and times what listing it costs in Node: the directory
// walk, discovery (ZIPs, names, one head per session), the tree, the summary pass (the decoder over
// every current file, as `ls` runs it) and the links; then a search across every session (decode,
// text index, search, as the worker runs it for the sidebar), for a term most sessions hold and one
// none does. Options: --sessions 500 --seed 1 --large 3 --large-scale 0.1 --out .bench

import { performance } from 'node:perf_hooks';
import {
  buildSessionTree,
  decodeEntry,
  deriveSessionLinks,
  discoverSessions,
  loadChecksumVerifier,
  rollUpSessionTree,
  searchSessionSteps,
  summarizeWorkspace,
} from '../src/log/index.ts';
import { drainSteps } from '../src/log/base/steps.ts';
import { loadFastZstd } from '../src/cli/fast-zstd.ts';
import { walkDirectory } from '../src/cli/node-entries.ts';
import { readOption } from './lib/cli-options.ts';
import { ensureSessionsRoot } from './sessions/generate-root.ts';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string): number => Number(readOption(argv, name) ?? fallback);

async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`${label.padEnd(34)}${(performance.now() - start).toFixed(0).padStart(7)} ms`);
  return result;
}

const root = await ensureSessionsRoot({
  sessions: option('--sessions', '500'),
  seed: option('--seed', '1'),
  large: option('--large', '3'),
  largeScale: option('--large-scale', '0.1'),
  outDir: readOption(argv, '--out') ?? '.bench',
});
const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
console.log(
  `root: ${root.sessions} sessions, ${root.files} files, ${mib(root.bytes)} (large sessions ${mib(root.largeBytes)}) in ${root.dir}`,
);
const total = performance.now();
const { entries } = await timed('walk the directory', () => walkDirectory(root.dir));
const workspace = await timed('discover (heads only)', () => discoverSessions(entries));
const tree = await timed('lineage tree', () => buildSessionTree(workspace.sessions));
const listed = performance.now() - total;
const [checksum, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
const { summaries } = await timed('summary pass (every session)', () =>
  summarizeWorkspace(workspace.sessions, { decoder: { checksum, fastDecompress } }),
);
const links = await timed('links + roll-up', () => {
  const derived = deriveSessionLinks(workspace.sessions, summaries);
  rollUpSessionTree(tree, summaries);
  return derived;
});
console.log(`${'listed (walk + heads + tree)'.padEnd(34)}${listed.toFixed(0).padStart(7)} ms`);
console.log(
  `${'full list with summaries'.padEnd(34)}${(performance.now() - total).toFixed(0).padStart(7)} ms`,
);
console.log(
  `sessions ${workspace.sessions.length}, roots ${tree.roots.length}, orphans ${tree.orphans.length}, problems ${workspace.problems.length}, summaries ${summaries.size}, links ${links.links.length}, rss ${mib(process.memoryUsage().rss)}`,
);

/** The workspace search over every session (one decoded at a time), as the worker's runWorkspaceSearch does. */
async function searchEverySession(text: string): Promise<{ sessions: number; events: number }> {
  let sessions = 0;
  let events = 0;
  for (const session of workspace.sessions) {
    const log = await decodeEntry(session.entry, { checksum, fastDecompress });
    const found = drainSteps(searchSessionSteps(log, text, 50));
    if (found.total > 0) sessions += 1;
    events += found.total;
  }
  return { sessions, events };
}
for (const text of ['error', 'zq-no-such-text-zq']) {
  const found = await timed(`search every session: "${text}"`, () => searchEverySession(text));
  console.log(
    `  ${found.events} events in ${found.sessions} sessions, rss ${mib(process.memoryUsage().rss)}`,
  );
}
