// Memory of processes, read from Linux's /proc: a process's own peak RSS, and the RSS of a browser
// with all its descendants (the viewer's worker runs inside the renderer process).

import { readdirSync, readFileSync } from 'node:fs';

/**
 * This process's peak RSS from /proc/self/status (VmHWM), or null off Linux. Not
 * `process.resourceUsage().maxRSS`: Linux carries ru_maxrss over from the parent across fork+exec,
 * so a child of the (large) bench process would report the parent's peak.
 */
export function readHighWaterRss(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    // Not Linux: the caller falls back to the sampled peak.
    return null;
  }
}

/** Pids of the direct children of `parent`. */
function childPids(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent) children.push(Number(entry));
    } catch {
      // The process ended while listing.
    }
  }
  return children;
}

/** The pid of the process whose command line contains `marker` (a flag the launcher added), or null. */
export function findPidByMarker(marker: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) return Number(entry);
    } catch {
      // The process ended while listing.
    }
  }
  return null;
}

/** RSS of `rootPid` and all its descendants, and of the largest one (for a browser: the renderer). */
export function readProcessTreeRss(rootPid: number): { totalBytes: number; largestBytes: number } {
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i += 1) pids.push(...childPids(pids[i] as number));
  let totalBytes = 0;
  let largestBytes = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      const bytes = match ? Number(match[1]) * 1024 : 0;
      totalBytes += bytes;
      largestBytes = Math.max(largestBytes, bytes);
    } catch {
      // The process ended while reading.
    }
  }
  return { totalBytes, largestBytes };
}
