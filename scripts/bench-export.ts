// `npm run bench:export` (issue 24, "Numbers"): an HTML export with redaction of the generated
// benchmark log (≈ 97 MiB JSONL, the one `npm run bench` uses) in Node, against ≤ 10 s; the HTML of a
// 1 MB cut of it against ≤ 2 MB plus the viewer's own size; and the seeded secrets of every rule
// planted in every kind of field of that cut, all of which must be masked. (The false-positive
// share over the corpus is measured by src/log/redact/corpus-redaction.test.ts, which prints it.)
// Needs `npm run build` for the viewer template (dist/export/viewer.html).
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { ensureLargeLog } from './large-log/cache.ts';
import { cutLogAt, exportLog, readLogText, redactLog } from '../src/log/index.ts';
import { seededSecrets } from '../src/log/testing/seeded-secrets.ts';
import { loadFastZstd } from '../src/cli/fast-zstd.ts';

const sha256 = (bytes: Uint8Array) => webcrypto.subtle.digest('SHA-256', bytes);
const template = readFileSync(new URL('../dist/export/viewer.html', import.meta.url), 'utf8');
const viewerBytes = Buffer.byteLength(template);

const files = await ensureLargeLog({ scale: 1, seed: 1, outDir: '.bench' });
const zstd = new Uint8Array(readFileSync(files.zstdPath));

// CPU time beside the wall time: on the shared 2-core machine others' load stretches the wall time.
const cpuAt = (from?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const cpuStart = process.cpuUsage();
const started = performance.now();
// The CLI's fast path, as `export` uses it.
const text = readLogText(zstd, await loadFastZstd());
const decompressed = performance.now();
const cpuDecompressed = process.cpuUsage();
const result = await exportLog({
  format: 'html',
  text,
  name: 'large.jsonl',
  redact: { sha256, salt: 'bench' },
  htmlTemplate: template,
  sha256,
});
const finished = performance.now();
const exportCpuMs = cpuAt(cpuDecompressed);
const totalCpuMs = cpuAt(cpuStart);
const memory = process.memoryUsage().rss;

// A 1 MB cut: the first events of the same log, with every seeded secret planted in a message.
let cutSeq = 2000;
let cut = cutLogAt(text, cutSeq);
while (cut.length < 1_000_000) cut = cutLogAt(text, (cutSeq *= 1.5));
const small = await exportLog({
  format: 'html',
  text: cut,
  name: 'cut.jsonl',
  redact: { sha256, salt: 'bench' },
  htmlTemplate: template,
  sha256,
});

const seeded = seededSecrets(99);
const planted = seeded.map((s) => s.planted).join('\n');
const lines = new TextDecoder().decode(cut).split('\n');
const header = lines[0] as string;
const nextSeq = cutSeq + 1;
const plantedLine = JSON.stringify({
  type: 'session/title',
  seq: nextSeq,
  time: 0,
  data: { title: planted, messageSeqs: [], source: { kind: 'user' } },
});
const withSecrets = new TextEncoder().encode(
  [header, ...lines.slice(1).filter(Boolean), plantedLine, ''].join('\n'),
);
const redacted = new TextDecoder().decode((await redactLog(withSecrets, { sha256, salt: 'bench' })).bytes);
const leaked = seeded.filter(
  (s) => redacted.includes(s.secret) || redacted.includes(JSON.stringify(s.secret).slice(1, -1)),
);

const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
const rows: [string, string][] = [
  [
    'log',
    `${files.events.toLocaleString('en-US')} events, ${mib(text.length)} JSONL (${mib(zstd.length)} zstd)`,
  ],
  [
    'zstd → text',
    `${(decompressed - started).toFixed(0)} ms (CPU ${(totalCpuMs - exportCpuMs).toFixed(0)} ms)`,
  ],
  [
    'redact + write HTML (Node)',
    `${((finished - decompressed) / 1000).toFixed(2)} s, CPU ${(exportCpuMs / 1000).toFixed(2)} s (target ≤ 10 s, with decompression ${((finished - started) / 1000).toFixed(2)} s, CPU ${(totalCpuMs / 1000).toFixed(2)} s)`,
  ],
  [
    'HTML of the whole log',
    `${mib(result.bytes.length)}, ${result.manifest.redactions.reduce((n, r) => n + r.count, 0)} masks, RSS ${mib(memory)}`,
  ],
  [
    'HTML of a 1 MB cut',
    `${(small.bytes.length / 1e6).toFixed(2)} MB for ${(cut.length / 1e6).toFixed(2)} MB of log; viewer ${(viewerBytes / 1e6).toFixed(2)} MB; log part ${((small.bytes.length - viewerBytes) / 1e6).toFixed(2)} MB (target ≤ 2 MB)`,
  ],
  [
    'seeded secrets caught',
    `${seeded.length - leaked.length} of ${seeded.length}${leaked.length ? ` (leaked: ${leaked.map((s) => s.rule).join(', ')})` : ''}`,
  ],
];
for (const [name, value] of rows) process.stdout.write(`${(name ?? '').padEnd(28)} ${value}\n`);
if (leaked.length > 0) process.exitCode = 1;
