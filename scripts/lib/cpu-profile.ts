// A CDP CPU profile summarized as the functions with the most self time.

/** The parts of a CDP `Profiler.Profile` the summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The functions with the most self time in a CDP CPU profile, as "12.3 ms  name (file:line)". */
export function summarizeProfile(profile: CpuProfile, count = 12): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const frame = byNode.get(samples[i] ?? -1)?.callFrame;
    if (!frame) continue;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} (${file || 'native'}:${frame.lineNumber + 1})`;
    selfMicros.set(key, (selfMicros.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  }
  return [...selfMicros.entries()]
    .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `${(micros / 1000).toFixed(1).padStart(8)} ms  ${key}`);
}
