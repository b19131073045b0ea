// `npm run bench:hostile`: issue 27's ZIP numbers in Node (the same core module the worker uses):
// the overlapping-entries bomb (32 records sharing one member of 1 GiB zeros, ~1 MB) listed and
// summarized, and a 100,000-member export listed (every head read). Wall time and peak RSS.
import { buildZip, overlappingBombZip, zipMember } from '../src/log/testing/zip-builder.ts';
import { discoverSessions, listZipEntries, summarizeWorkspace } from '../src/log/index.ts';

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

async function measure(label: string, zip: Uint8Array): Promise<void> {
  peakRss = process.memoryUsage().rss;
  const start = performance.now();
  const listed = listZipEntries(zip, 'x.zip/');
  const workspace = await discoverSessions(listed.entries);
  const listedMs = performance.now() - start;
  const { summaries } = await summarizeWorkspace(workspace.sessions);
  const totalMs = performance.now() - start;
  console.log(
    `${label}: ${zip.length} bytes; listed ${workspace.sessions.length} sessions, ${listed.problems.length} refused members in ${listedMs.toFixed(0)} ms; ` +
      `${summaries.size} summaries, done in ${totalMs.toFixed(0)} ms; peak RSS ${mib(peakRss)}`,
  );
}

const header = (id: string) => `{"version":0,"id":"${id}","createdAt":1,"cwd":"/w"}\n`;
await measure('overlapping-entries bomb (32 × 1 GiB)', overlappingBombZip(32, 1024 ** 3));
const count = Number(process.argv[2] ?? 100_000);
await measure(
  `${count} members`,
  buildZip(
    Array.from({ length: count }, (_, index) =>
      zipMember(`subagents/s${index}/session.jsonl`, header(`s${index}`)),
    ),
  ),
);
clearInterval(sampler);
