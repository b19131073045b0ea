// Open → format verdicts for the benchmark log in Node (issue 26, "one pass"): the time from the
// first byte pushed to the format verdicts, the migration audit run over the store after the
// decode (as before) against the audit fed by the decoder as it reads (DecodeTimeMigrationAudit,
// what the worker's load and inspect do now). Runs alternate, so drift hits both alike; medians.
//   node --expose-gc --import tsx scripts/bench-verdicts.ts [--file PATH] [--runs N]
// PATH defaults to .bench/large-s1-seed1-g0-v3.jsonl.zstd (`npm run bench` writes it).
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import {
  DecodeTimeMigrationAudit,
  createLogDecoder,
  deriveFormatVerdicts,
  loadChecksumVerifier,
  type DecoderOptions,
  type FormatVerdicts,
} from '../src/log/index.ts';
import { loadFastZstd } from '../src/cli/fast-zstd.ts';

const PUSH_BYTES = 64 * 1024;

function argOf(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

interface Run {
  decodeMs: number;
  verdictsMs: number;
  verdicts: FormatVerdicts;
  events: number;
}

function openToVerdicts(bytes: Uint8Array, options: DecoderOptions, isDecodeTime: boolean): Run {
  const audit = isDecodeTime ? new DecodeTimeMigrationAudit() : null;
  const started = performance.now();
  const decoder = createLogDecoder(audit === null ? options : { ...options, onEvent: audit.onEvent });
  for (let offset = 0; offset < bytes.length; offset += PUSH_BYTES)
    decoder.push(bytes.subarray(offset, Math.min(bytes.length, offset + PUSH_BYTES)));
  const log = decoder.finish();
  const decoded = performance.now();
  const verdicts = deriveFormatVerdicts(log, audit?.resultFor(log));
  const ended = performance.now();
  return { decodeMs: decoded - started, verdictsMs: ended - decoded, verdicts, events: log.store.eventCount };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const file = argOf('--file', '.bench/large-s1-seed1-g0-v3.jsonl.zstd');
  const runs = Number(argOf('--runs', '3'));
  const bytes = new Uint8Array(readFileSync(file));
  const [checksum, fastDecompress] = await Promise.all([loadChecksumVerifier(), loadFastZstd()]);
  const options: DecoderOptions = { checksum, fastDecompress };
  const results: Record<'after' | 'during', Run[]> = { after: [], during: [] };
  let reference: FormatVerdicts | null = null;
  for (let run = 0; run < runs; run++) {
    for (const mode of ['after', 'during'] as const) {
      globalThis.gc?.();
      const result = openToVerdicts(bytes, options, mode === 'during');
      reference ??= result.verdicts;
      if (!isDeepStrictEqual(result.verdicts, reference)) throw new Error(`${mode}: other format verdicts`);
      results[mode].push(result);
      process.stderr.write(
        `${mode}: decode ${result.decodeMs.toFixed(0)} ms, verdicts ${result.verdictsMs.toFixed(0)} ms (${result.events} events)\n`,
      );
    }
  }
  for (const mode of ['after', 'during'] as const) {
    const list = results[mode];
    const total = list.map((run) => run.decodeMs + run.verdictsMs);
    console.log(
      `${mode === 'after' ? 'audit over the store after decode' : 'audit fed by the decoder       '}: ` +
        `open → verdicts ${median(total).toFixed(0)} ms (decode ${median(list.map((run) => run.decodeMs)).toFixed(0)}, ` +
        `verdicts ${median(list.map((run) => run.verdictsMs)).toFixed(0)}), runs ${total.map((ms) => ms.toFixed(0)).join(', ')}`,
    );
  }
}

await main();
