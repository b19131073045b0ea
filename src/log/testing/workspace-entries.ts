// Workspace entries for tests: in memory, failing on read, and a Node directory walk (the core's own
// entries are Node-free; the CLI has its own walk in src/cli/node-entries.ts).

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkspaceEntry } from '../workspace/workspace-entry.ts';
import { entryFromBytes } from '../workspace/workspace-entry.ts';

/** An entry over text or bytes. */
export function memoryEntry(path: string, content: string | Uint8Array, isExplicit = false): WorkspaceEntry {
  return entryFromBytes(
    path,
    typeof content === 'string' ? new TextEncoder().encode(content) : content,
    isExplicit,
  );
}

/** An entry whose reads reject (a file deleted or withdrawn between listing and reading). */
export function failingEntry(path: string, size = 100): WorkspaceEntry {
  const fail = (): Promise<Uint8Array> => Promise.reject(new Error('permission withdrawn'));
  return { path, size, read: fail, readHead: fail };
}

/** Every file under `dir` as an in-memory entry, paths relative to `dir`, sorted. */
export function readDirectoryEntries(dir: string, prefix = ''): WorkspaceEntry[] {
  const entries: WorkspaceEntry[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) entries.push(...readDirectoryEntries(path, `${prefix}${name}/`));
    else entries.push(entryFromBytes(`${prefix}${name}`, new Uint8Array(readFileSync(path))));
  }
  return entries;
}

/** `jsonl` with its header line's fields overridden (a field set to undefined is removed). */
export function patchHeader(jsonl: string, overrides: Record<string, unknown>): string {
  const end = jsonl.indexOf('\n');
  const header = { ...(JSON.parse(jsonl.slice(0, end)) as Record<string, unknown>), ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete header[key];
  return `${JSON.stringify(header)}${jsonl.slice(end)}`;
}
