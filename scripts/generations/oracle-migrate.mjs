#!/usr/bin/env node
// Oracle for generation upgrades: runs the PUBLISHED upstream migrations
// (@deepseek-ai/dsh-session-format-v0-to-v1, -v1-to-v2, -v2-to-v3) over one stored log and prints
// the migrated log as JSONL (header line first, then one event per line, in the target
// generation's physical encoding). Nothing here is installed by the project: point --packages at
// a scratch folder where the packages were unpacked (see fixtures/generations/README.md, "Oracle").
//
//   node scripts/generations/oracle-migrate.mjs --packages /tmp/oracle [--to 3] [--events-only] LOG
//
// LOG is a stored log (.jsonl or .jsonl.zstd, any generation 0..3) with seq/time on its rows.
// --to N stops at generation N (1, 2 or 3; default 3, the newest published edge).
// --events-only prints the logical events (every packed row expanded, sourceEventSeqs expanded)
// instead of the physical encoding.
//
// Exit status: 0 migrated; 3 upstream refused the log (SessionFormatUnsupportedMigrationError:
// "unsupported"); 4 upstream rejected it as malformed (SessionFormatError: "corrupt"); 2 usage or
// I/O error. The reason is printed on stderr as `verdict: <kind>: <message>`.
//
// Two gaps in the published set are bridged, both printed on stderr when used:
//  1. @deepseek-ai/dsh-session-format-v1-to-v2@0.1.3-alpha.2 imports AssistantStreamAccumulator from
//     @deepseek-ai/dsh-llm@^0.1.3-alpha.2, which was never published (the newest is 0.1.1-rc.2,
//     without that export). A loader hook resolves that one import to the small accumulator below,
//     written from the documented record rules (docs/format-generations.md, "Embedded stream").
//  2. The catalog package needs @deepseek-ai/dsh-session at the matching generation (unpublished),
//     so this script builds the catalog itself from the codecs and migrations, with the published
//     restore checks of the target generation and no installed-Session validation.

import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decompress as zstdDecompress, init as zstdInit } from '@bokuweb/zstd-wasm';

const ACCUMULATOR_SOURCE = `
function gapOf(previous, next) {
  const gap = next - previous;
  return Number.isSafeInteger(gap) && previous + gap === next ? gap : undefined;
}
export class AssistantStreamAccumulator {
  #records = [];
  push(value) {
    const time = value.time;
    if (!Number.isSafeInteger(time)) throw new TypeError('stream time must be a safe integer');
    const chunk = JSON.parse(JSON.stringify(value.chunk));
    const last = this.#records.at(-1);
    if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') {
      const type = chunk.type === 'text-delta' ? 'text-chunks' : 'reasoning-chunks';
      const gap = last && last.type === type && last.index === chunk.index ? gapOf(last.lastTime, time) : undefined;
      if (gap !== undefined) { last.dt.push(gap); last.texts.push(chunk.text); last.lastTime = time; }
      else this.#records.push({ type, time0: time, index: chunk.index, dt: [], texts: [chunk.text], lastTime: time });
    } else if (chunk.type === 'tool-call-delta') {
      if (chunk.id === '' || chunk.name === '') { this.#records.push({ type: 'chunk', time, chunk }); return { time, chunk }; }
      const hasName = Object.hasOwn(chunk, 'name');
      const same = last && last.type === 'tool-call-chunks' && last.index === chunk.index && last.id === chunk.id
        && Object.hasOwn(last, 'name') === hasName && last.name === chunk.name;
      const gap = same ? gapOf(last.lastTime, time) : undefined;
      if (gap !== undefined) { last.dt.push(gap); last.args.push(chunk.argumentsDelta); last.lastTime = time; }
      else this.#records.push({ type: 'tool-call-chunks', time0: time, index: chunk.index, dt: [], id: chunk.id,
        ...(hasName ? { name: chunk.name } : {}), args: [chunk.argumentsDelta], lastTime: time });
    } else {
      this.#records.push({ type: 'chunk', time, chunk });
    }
    return { time, chunk };
  }
  snapshot() {
    return this.#records.map((record) => {
      if (record.type === 'chunk') return { ...record };
      const { lastTime, ...rest } = record;
      return rest.type === 'tool-call-chunks' ? { ...rest, dt: [...rest.dt], args: [...rest.args] }
        : { ...rest, dt: [...rest.dt], texts: [...rest.texts] };
    });
  }
}
`;

const HOOKS_SOURCE = `
const shim = 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(ACCUMULATOR_SOURCE)});
export async function resolve(specifier, context, next) {
  if (specifier === '@deepseek-ai/dsh-llm') return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
`;

function usage(message) {
  process.stderr.write(`${message}\nusage: oracle-migrate.mjs --packages DIR [--to N] [--events-only] LOG\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { packages: undefined, to: 3, eventsOnly: false, log: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--packages') options.packages = argv[++i];
    else if (arg === '--to') options.to = Number(argv[++i]);
    else if (arg === '--events-only') options.eventsOnly = true;
    else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
    else options.log = arg;
  }
  if (!options.packages || !options.log) usage('missing --packages or LOG');
  if (![1, 2, 3].includes(options.to)) usage('--to must be 1, 2 or 3');
  return options;
}

async function readLogText(path) {
  const bytes = readFileSync(path);
  const isZstd = bytes.length >= 4 && bytes.readUInt32LE(0) === 0xfd2fb528;
  if (!isZstd) return bytes.toString('utf8');
  await zstdInit();
  // zstd-wasm decompresses concatenated frames one call per frame; split by content size is not
  // available, so decode frame by frame with a minimal scanner (FORMAT.md section 1.4).
  const parts = [];
  let at = 0;
  while (at < bytes.length) {
    const end = frameEnd(bytes, at);
    parts.push(Buffer.from(zstdDecompress(bytes.subarray(at, end))));
    at = end;
  }
  return Buffer.concat(parts).toString('utf8');
}

function frameEnd(bytes, start) {
  let at = start + 4;
  const d = bytes[at];
  at += 1;
  const fcsFlag = d >> 6;
  const single = (d & 0x20) !== 0;
  const checksum = (d & 0x04) !== 0;
  const dictFlag = d & 0x03;
  const dictBytes = dictFlag === 3 ? 4 : dictFlag;
  const fcsBytes = fcsFlag === 0 ? (single ? 1 : 0) : 1 << fcsFlag;
  at += (single ? 0 : 1) + dictBytes + fcsBytes;
  for (;;) {
    const h = bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    at += 3;
    const last = h & 1;
    const type = (h >> 1) & 3;
    const size = h >>> 3;
    at += type === 1 ? 1 : size;
    if (last) break;
  }
  return at + (checksum ? 4 : 0);
}

const V3_ADDED_TYPES = [
  'system/message',
  'tool/ptc-dispatch-start',
  'tool/ptc-dispatch',
  'feedback/message-put',
  'feedback/message-delete',
  'deliverables/presented',
  'subagent/catalog',
  'image/offload',
  'workspace/changes',
];

function inheritedCutOf(rows) {
  if (rows[0].isSeeded !== true) return 0;
  let cut;
  for (const row of rows.slice(1)) {
    if (row.type === 'session/end-seed' && row.data?.inherited === true) cut = row.seq;
  }
  return cut;
}

function withPredeclaredCut(codec, cutOf) {
  return Object.freeze({
    version: codec.version,
    decodeHeader: (value) => codec.decodeHeader(value),
    createDecoder(headerValue, recovery) {
      const inner = codec.createDecoder(headerValue, recovery);
      return {
        header: inner.header,
        headerInheritedEventCount: inner.headerInheritedEventCount ?? cutOf,
        decodeRow: (row, context) => inner.decodeRow(row, context),
        finish: (context) => inner.finish(context),
      };
    },
    encodeHeader: codec.encodeHeader?.bind(codec),
    encodeEvent: codec.encodeEvent?.bind(codec),
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  register('data:text/javascript,' + encodeURIComponent(HOOKS_SOURCE));
  const scope = join(resolve(options.packages), 'node_modules', '@deepseek-ai');
  const load = (name) => import(pathToFileURL(join(scope, name, 'lib', 'index.js')).href);
  const format = await load('dsh-session-format');
  const v01 = await load('dsh-session-format-v0-to-v1');
  const v12 = await load('dsh-session-format-v1-to-v2');
  const v23 = options.to >= 3 ? await load('dsh-session-format-v2-to-v3') : undefined;
  process.stderr.write('note: @deepseek-ai/dsh-llm AssistantStreamAccumulator provided by the oracle shim\n');

  // The published v1->v2 stage (0.1.3-alpha.2) does not expose its inherited cut to a following
  // stage, which the chain requires of every stage but the last (v2-to-v3 was built against an
  // unpublished 0.1.5 v1-to-v2 that does). So v0/v1 -> v3 runs as two restores through the stored
  // v2 form, exactly as a log written by 0.1.3 and later opened by 0.1.5 would: first to v2, encode,
  // then v2 -> v3. Both passes are the published code.
  const build = (to) => {
    const codecs = [v01.releasedV0SessionFormatCodec, v01.releasedV1SessionFormatCodec];
    const migrations = [v01.sessionFormatV0ToV1];
    let restore = (artifact) => v01.restoreReleasedV1Artifact(artifact, new Set(v01.RELEASED_V0_EVENT_TYPES));
    let assertHeader = v01.assertReleasedV1Header;
    // No published encoder writes generation 1 (no release wrote it); print v1 in logical form.
    let encoder = {
      encodeHeader: (header, cut) => ({ type: 'session', ...header, inheritedEventCount: cut }),
      encodeEvent: (event) => event,
    };
    if (to >= 2) {
      codecs.push(v12.releasedV2SessionFormatCodec);
      migrations.push(v12.sessionFormatV1ToV2);
      restore = (artifact) => v12.restoreReleasedV2Artifact(artifact, new Set(v12.RELEASED_V2_EVENT_TYPES));
      assertHeader = v12.assertReleasedV2Header;
      encoder = v12.releasedV2SessionFormatCodec;
    }
    if (to >= 3) {
      // Bridge 3: the published v2 decoder learns the inherited cut only at finish (from the last
      // tagged end-seed), but a migrating restore needs it up front. The rows are all in memory, so
      // predeclare it: 0 when unseeded, else the seq of the last `session/end-seed {inherited:true}`.
      codecs[2] = withPredeclaredCut(v12.releasedV2SessionFormatCodec, predeclaredCut);
      codecs.push(v23.releasedV3SessionFormatCodec);
      migrations.push(v23.sessionFormatV2ToV3);
      // The installed build passes its own known event types here; use the released v2 list plus
      // the types generation 3 added (docs/format-generations.md, "Generation 3").
      const known = new Set([...v12.RELEASED_V2_EVENT_TYPES, ...V3_ADDED_TYPES]);
      restore = (artifact) => v23.restoreReleasedV3Artifact(artifact, known);
      assertHeader = v23.assertReleasedV3Header;
      encoder = v23.releasedV3SessionFormatCodec;
    }
    return format.createSessionFormatCatalog({
      currentVersion: to,
      codecs,
      currentEncoder: encoder,
      migrations,
      restoreCurrent: restore,
      restoreTransformedCurrent: restore,
      restoreCurrentHeader(header) {
        assertHeader(header);
        return header;
      },
    });
  };
  const run = (catalog, rows) => {
    const restorer = catalog.createRestore(rows[0], { recovery: 'strict', validation: 'current' });
    for (const row of rows.slice(1)) restorer.decodeRow(row);
    return restorer.finish();
  };
  const encode = (catalog, artifact) => [
    catalog.encodeCurrentHeader(artifact.header, artifact.inheritedEventCount),
    ...artifact.events.map((event) => catalog.encodeCurrentEvent(event)),
  ];

  let predeclaredCut = 0;
  const text = await readLogText(options.log);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let rows = lines.map((line) => JSON.parse(line));
  const sourceVersion = rows[0].version;
  let artifact;
  let catalog;
  try {
    if (options.to === 3 && sourceVersion < 2) {
      const first = build(2);
      rows = encode(first, run(first, rows));
      process.stderr.write(
        'note: v0/v1 -> v3 ran as two published restores: -> v2 (stored form), then v2 -> v3\n',
      );
    }
    predeclaredCut = inheritedCutOf(rows);
    catalog = build(options.to);
    artifact = run(catalog, rows);
  } catch (error) {
    const kind = error instanceof format.SessionFormatUnsupportedMigrationError ? 'unsupported' : 'corrupt';
    const cause = error?.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
    process.stderr.write(`verdict: ${kind}: ${error?.message ?? String(error)}${cause}\n`);
    process.exit(kind === 'unsupported' ? 3 : 4);
  }
  const out = [];
  if (options.eventsOnly) {
    out.push(JSON.stringify({ ...artifact.header, inheritedEventCount: artifact.inheritedEventCount }));
    for (const event of artifact.events) out.push(JSON.stringify(event));
  } else {
    out.push(JSON.stringify(catalog.encodeCurrentHeader(artifact.header, artifact.inheritedEventCount)));
    for (const event of artifact.events) out.push(JSON.stringify(catalog.encodeCurrentEvent(event)));
  }
  process.stdout.write(out.join('\n') + '\n');
  process.stderr.write(
    `verdict: ok: migrated v${sourceVersion} -> v${options.to}, ${artifact.events.length} events\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`oracle-migrate: ${error?.stack ?? String(error)}\n`);
  process.exit(2);
});
