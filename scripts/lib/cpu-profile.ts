// A CDP CPU profile summarized as the functions with the most self time.

import type { OriginalPosition } from './source-map.ts';

/** The parts of a CDP `Profiler.Profile` the summary reads. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Maps a frame's script URL and 0-based line and column to where it was written (source-map.ts). */
type FrameMapper = (url: string, line: number, column: number) => OriginalPosition | null;

/**
 * The functions with the most self time in a CDP CPU profile, as "12.3 ms  name (file:line)".
 * With `mapFrame`, a frame of a minified bundle is named by its source file, line and name.
 */
export function summarizeProfile(profile: CpuProfile, count = 12, mapFrame?: FrameMapper): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const keyByNode = new Map<number, string>();
  const keyOf = (id: number): string | null => {
    const known = keyByNode.get(id);
    if (known !== undefined) return known;
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return null;
    const original = mapFrame?.(frame.url, frame.lineNumber, frame.columnNumber ?? 0) ?? null;
    const file = frame.url.split('/').pop() ?? '';
    const key =
      original !== null
        ? `${original.name ?? (frame.functionName || '(anonymous)')} (${original.source}:${original.line})`
        : `${frame.functionName || '(anonymous)'} (${file || 'native'}:${frame.lineNumber + 1})`;
    keyByNode.set(id, key);
    return key;
  };
  const selfMicros = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const key = keyOf(samples[i] ?? -1);
    if (key === null) continue;
    selfMicros.set(key, (selfMicros.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  }
  return [...selfMicros.entries()]
    .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `${(micros / 1000).toFixed(1).padStart(8)} ms  ${key}`);
}

/**
 * The functions of the app (frames `mapFrame` maps into `src/`) with the most total time: self time plus the
 * time of everything they called, each sample counted once per function on its stack.
 */
export function summarizeProfileTotals(profile: CpuProfile, count: number, mapFrame: FrameMapper): string[] {
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes as (CpuProfile['nodes'][number] & { children?: number[] })[])
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const keyByNode = new Map<number, string | null>();
  const keyOf = (id: number): string | null => {
    if (keyByNode.has(id)) return keyByNode.get(id) ?? null;
    const frame = byNode.get(id)?.callFrame;
    const original = frame ? mapFrame(frame.url, frame.lineNumber, frame.columnNumber ?? 0) : null;
    const key =
      frame && original !== null && original.source.startsWith('src/')
        ? `${original.name ?? (frame.functionName || '(anonymous)')} (${original.source}:${original.line})`
        : null;
    keyByNode.set(id, key);
    return key;
  };
  const totalMicros = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const seen = new Set<string>();
    for (let id: number | undefined = samples[i]; id !== undefined; id = parentOf.get(id)) {
      const key = keyOf(id);
      if (key !== null) seen.add(key);
    }
    for (const key of seen) totalMicros.set(key, (totalMicros.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  }
  return [...totalMicros.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `${(micros / 1000).toFixed(1).padStart(8)} ms  ${key}`);
}
