// Rebuilds stored-form session logs (what a dsh writer of that generation would leave on disk) from
// the normalized upstream snapshot fixtures in fixtures/generations/upstream/ (listed, with their
// provenance, in fixtures/generations/SOURCES.json), and writes the multi-generation directory case.
//
//   npx tsx scripts/generations/rebuild-stored-logs.ts [--check]
//
// Output: fixtures/generations/stored/v<gen>/<group>/<scenario>/session[.N].v<gen>.jsonl and
// .jsonl.zstd, and fixtures/generations/multi-gen/<session-id>/. Deterministic: the same inputs give
// the same bytes (no clock, no randomness; ids are derived from hashes). --check rebuilds in memory
// and fails when a committed output differs.
//
// What "stored form" means here, and which parts are verified against upstream code, is in
// fixtures/generations/README.md and docs/format-generations.md. In short:
//  - the header line is kept as the snapshot has it (its key order is the writer's), with
//    createdAt 0 (normalized away) replaced by a time just before the first event;
//  - every event row gets `seq` (dense from 0, header excluded) and `time` right after `type`;
//  - `time` is monotone non-decreasing, anchored on the model-stream times the snapshot kept;
//  - placeholders become faithful values ({{system}}/{{tools}} from the scenario pins, ids as
//    deterministic UUIDs, {{cwd}} as an absolute path);
//  - sourceEventSeqs are written in the range encoding of generations >= 2;
//  - the .jsonl.zstd has the header alone in frame 1, then one checksummed frame per write batch.
//
// The steps live in rebuild-stored-logs/; this file reads the inputs and writes (or checks) the outputs.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasFlag } from '../lib/cli-options.ts';
import { encode, logFileName } from './rebuild-stored-logs/encode.ts';
import { migrateV3ToV4, MULTI_GEN_V0, readStoredJsonl } from './rebuild-stored-logs/multi-gen.ts';
import { loadPins } from './rebuild-stored-logs/placeholders.ts';
import { rebuild, type SourceEntry } from './rebuild-stored-logs/rebuild.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GEN_DIR = join(ROOT, 'fixtures', 'generations');

async function main(): Promise<void> {
  const check = hasFlag(process.argv.slice(2), '--check');
  const sources = JSON.parse(readFileSync(join(GEN_DIR, 'SOURCES.json'), 'utf8')) as { files: SourceEntry[] };
  const pins = loadPins(GEN_DIR);
  const outputs = new Map<string, Uint8Array>();
  const report: string[] = [];
  for (const entry of sources.files) {
    if (entry.kind === 'pin') continue;
    const text = readFileSync(join(GEN_DIR, entry.local), 'utf8');
    const sha = createHash('sha256').update(text).digest('hex');
    if (sha !== entry.sha256) throw new Error(`${entry.local}: sha256 ${sha} differs from SOURCES.json`);
    const stored = rebuild(text, entry, pins);
    const encoded = await encode(stored);
    const base = join(
      'stored',
      `v${entry.generation}`,
      entry.group,
      entry.scenario,
      logFileName(entry.generation, entry.role),
    );
    outputs.set(base, encoded.jsonl);
    outputs.set(`${base}.zstd`, encoded.zstd);
    report.push(`${base}: ${stored.events.length} events, ${encoded.frames} frames`);
  }

  // Multi-generation directory.
  const v0Zstd = readFileSync(join(ROOT, '..', 'shared', 'corpus', `${MULTI_GEN_V0}.jsonl.zstd`));
  const v3Text = readFileSync(join(GEN_DIR, 'oracle', `corpus__${MULTI_GEN_V0}.v3.jsonl`), 'utf8');
  const v3 = readStoredJsonl(v3Text);
  const sessionId = v3.header['id'] as string;
  const dir = join('multi-gen', sessionId);
  outputs.set(join(dir, 'session.jsonl.zstd'), new Uint8Array(v0Zstd));
  outputs.set(join(dir, 'session.v3.jsonl.zstd'), (await encode(v3)).zstd);
  outputs.set(join(dir, 'session.v4.jsonl.zstd'), (await encode(migrateV3ToV4(v3))).zstd);
  report.push(`${dir}: session.jsonl.zstd (v0), session.v3.jsonl.zstd, session.v4.jsonl.zstd`);

  let differences = 0;
  for (const [relative, bytes] of outputs) {
    const path = join(GEN_DIR, relative);
    if (check) {
      const same = existsSync(path) && Buffer.compare(readFileSync(path), Buffer.from(bytes)) === 0;
      if (!same) {
        differences += 1;
        console.error(`differs: ${relative}`);
      }
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }
  for (const line of report) console.log(line);
  if (differences > 0) process.exit(1);
}

await main();
