// A generated dsh sessions root (FORMAT.md §1.1) for the workspace benchmark: N sessions in a few
// projects, most small (copies of corpus or fixture logs), a few large (the benchmark log at a
// small scale, scripts/large-log/), in lineage trees (children and grandchildren with
// `parentSession`, `origin`, `delegationDepth`), and a few directories holding two generations.
// A copy keeps every frame of its template but the first, which is the header alone (frame 1 holds
// exactly the header line, §1.4): the header frame is rewritten with the session's own identity.
// Deterministic for (sessions, seed, large); cached in `<out>` while its manifest matches.

import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decompress } from 'fzstd';
import { listCompleteZstdFrames } from '../../src/log/index.ts';
import { projectDirectoryName, sessionDirectoryName } from '../../src/log/workspace/storage-names.ts';
import { CORPUS_DIR } from '../../src/log/testing/corpus-dir.ts';
import { ensureLargeLog } from '../large-log/cache.ts';
import { loadFrameCompressor, type FrameCompressor } from '../lib/zstd-frames.ts';
import { createRandom, type Random } from '../lib/random.ts';

export interface SessionsRootOptions {
  sessions: number;
  seed: number;
  /** Large sessions (the benchmark log at `largeScale`, alternately generation 0 and 4). */
  large: number;
  largeScale: number;
  outDir: string;
}

export interface SessionsRoot {
  dir: string;
  sessions: number;
  files: number;
  bytes: number;
  largeBytes: number;
}

/** Bump when the same options would write a different root. */
const ROOT_VERSION = 2;
const PROJECTS = 12;
const BASE_TIME_MS = Date.UTC(2026, 10, 1);

interface Template {
  /** The stored log (zstd); its first frame is the header line alone. */
  bytes: Uint8Array;
  header: Record<string, unknown>;
  /** Byte offset where the second frame starts. */
  bodyStart: number;
}

function readTemplate(bytes: Uint8Array): Template | null {
  const first = listCompleteZstdFrames(bytes).frames[0];
  if (first === undefined) return null;
  const [start, end] = first;
  const text = new TextDecoder().decode(decompress(bytes.subarray(start, end)));
  if (!text.endsWith('\n') || text.indexOf('\n') !== text.length - 1) return null;
  const header = JSON.parse(text) as Record<string, unknown>;
  // Seeded logs would need their parent's prefix; children are made from unseeded templates.
  if (header.seedLength !== undefined || header.isSeeded === true || header.parentSession !== undefined)
    return null;
  return { bytes, header, bodyStart: end };
}

/** Small templates: the corpus's stored logs when it is there, else the repository's fixtures. */
function loadSmallTemplates(): Template[] {
  const fromDir = (dir: string): Uint8Array[] =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.jsonl.zstd'))
          .sort()
          .map((name) => new Uint8Array(readFileSync(join(dir, name))))
      : [];
  const corpus = fromDir(CORPUS_DIR);
  const sources = corpus.length > 0 ? corpus : fromDir(join(import.meta.dirname, '../../fixtures'));
  return sources.map(readTemplate).filter((template): template is Template => template !== null);
}

function makeId(random: Random): string {
  const hex = (count: number): string =>
    Array.from({ length: count }, () => random.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

interface Identity {
  id: string;
  createdAt: number;
  cwd: string;
  parent: { id: string; depth: number } | null;
}

/** The template with its header frame replaced by one for `identity` (writer key order, FORMAT.md §2.1). */
function copyWithIdentity(template: Template, identity: Identity, compress: FrameCompressor): Uint8Array {
  const { header } = template;
  const version = header.version;
  const line: Record<string, unknown> = {
    type: 'session',
    version,
    id: identity.id,
    createdAt: identity.createdAt,
  };
  line.cwd = identity.cwd;
  if (identity.parent !== null) line.parentSession = identity.parent.id;
  if (typeof version === 'number' && version >= 2) line.isSeeded = false;
  if (identity.parent !== null) line.origin = 'subagent';
  line.delegationDepth = identity.parent === null ? 0 : identity.parent.depth + 1;
  if (typeof header.agentPreset === 'string') line.agentPreset = header.agentPreset;
  const frame = compress(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
  const body = template.bytes.subarray(template.bodyStart);
  const out = new Uint8Array(frame.length + body.length);
  out.set(frame, 0);
  out.set(body, frame.length);
  return out;
}

/** Writes (or reuses) the root. */
export async function ensureSessionsRoot(options: SessionsRootOptions): Promise<SessionsRoot> {
  const dir = join(
    options.outDir,
    `sessions-n${options.sessions}-seed${options.seed}-large${options.large}x${options.largeScale}-v${ROOT_VERSION}`,
  );
  const manifestPath = `${dir}.json`;
  if (existsSync(manifestPath) && existsSync(dir))
    return JSON.parse(readFileSync(manifestPath, 'utf8')) as SessionsRoot;
  rmSync(dir, { recursive: true, force: true });
  const compress = await loadFrameCompressor();
  const random = createRandom(options.seed);
  const small = loadSmallTemplates();
  if (small.length === 0) throw new Error('no template logs found (corpus or fixtures/)');
  const large: Template[] = [];
  for (let index = 0; index < options.large; index++) {
    const files = await ensureLargeLog({
      scale: options.largeScale,
      seed: index + 1,
      generation: index % 2 === 0 ? 4 : 0,
      outDir: options.outDir,
    });
    const template = readTemplate(new Uint8Array(readFileSync(files.zstdPath)));
    if (template !== null) large.push(template);
  }
  // One session stored as generations 0, 3 and 4: some directories hold all three (listed once, at 4).
  const multiGen = join(
    import.meta.dirname,
    '../../fixtures/generations/multi-gen/1f64649f-af94-4c75-a0ea-40658dc71600',
  );
  const generations = ['session.jsonl.zstd', 'session.v3.jsonl.zstd', 'session.v4.jsonl.zstd']
    .map((name) => readTemplate(new Uint8Array(readFileSync(join(multiGen, name)))))
    .filter((template): template is Template => template !== null);

  let written = 0;
  let files = 0;
  let bytes = 0;
  let largeBytes = 0;
  let clock = BASE_TIME_MS;
  let roots = 0;
  const write = (identity: Identity, template: Template): string => {
    const path = join(
      dir,
      projectDirectoryName(identity.cwd),
      sessionDirectoryName(identity.id),
      'session.jsonl.zstd',
    );
    const version = template.header.version;
    const named =
      typeof version === 'number' && version > 0
        ? path.replace(/session\.jsonl\.zstd$/, `session.v${version}.jsonl.zstd`)
        : path;
    const data = copyWithIdentity(template, identity, compress);
    mkdirSync(dirname(named), { recursive: true });
    writeFileSync(named, data);
    files += 1;
    bytes += data.length;
    return named;
  };
  while (written < options.sessions) {
    const cwd = `/home/dev/projects/project-${random.int(1, PROJECTS)}`;
    const rootId = makeId(random);
    clock += random.int(60_000, 3_600_000);
    // The large sessions are spread out: every 40th root until they are used up.
    const largeTemplate = roots % 40 === 0 ? large[roots / 40] : undefined;
    roots += 1;
    const isLarge = largeTemplate !== undefined;
    const rootTemplate = largeTemplate ?? random.pick(small);
    const rootIdentity: Identity = { id: rootId, createdAt: clock, cwd, parent: null };
    if (!isLarge && random.chance(0.04)) for (const template of generations) write(rootIdentity, template);
    else {
      const rootPath = write(rootIdentity, rootTemplate);
      if (isLarge) largeBytes += readFileSync(rootPath).length;
    }
    written += 1;
    // A lineage tree under most roots: children, some with children of their own.
    const children = random.chance(0.6) ? random.int(1, 4) : 0;
    for (let child = 0; child < children && written < options.sessions; child++) {
      const childId = makeId(random);
      const childAt = clock + random.int(1_000, 60_000);
      write({ id: childId, createdAt: childAt, cwd, parent: { id: rootId, depth: 0 } }, random.pick(small));
      written += 1;
      if (random.chance(0.25) && written < options.sessions) {
        write(
          {
            id: makeId(random),
            createdAt: childAt + random.int(500, 20_000),
            cwd,
            parent: { id: childId, depth: 1 },
          },
          random.pick(small),
        );
        written += 1;
      }
    }
  }
  const root: SessionsRoot = { dir, sessions: written, files, bytes, largeBytes };
  writeFileSync(manifestPath, `${JSON.stringify(root, null, 2)}\n`);
  return root;
}
