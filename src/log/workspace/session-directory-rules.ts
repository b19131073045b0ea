// What dsh refuses in a session directory, from its file names alone (FORMAT.md §1.1; GENERATIONS.md
// §3.5 "Several generations in one directory"): both encodings present, which includes one
// generation stored twice (`session.v4.jsonl` beside `session.v4.jsonl.zstd`). dsh will not open
// such a directory; the viewer still opens the newest readable file and says which. The same
// sentences serve discovery (ls, the session list) and a drop of several files (the opened-files bar).
// Ids that disagree between the files need their heads: discover-sessions.ts checks those.

import { parseLogFileName, pickCurrentGeneration } from '../format/generations/generation.ts';

/** The session-directory facts of a set of file names (canonical log names; others are ignored). */
export interface SessionDirectoryCheck {
  /** The file the viewer opens first (the highest generation, compressed first on a tie). */
  current: string | null;
  /** The other generations, newest first, without the second container of any generation. */
  generations: string[];
  /** Files that are another container of a generation already listed (never a generation of their own). */
  sameGenerationCopies: string[];
  /** dsh's reasons to refuse the directory, as sentences; empty when dsh would open it. */
  refusals: string[];
}

/** Checks the log names of one session directory (see the file comment). */
export function checkSessionDirectory(names: readonly string[]): SessionDirectoryCheck {
  const picked = pickCurrentGeneration(names);
  const ordered = picked.current === null ? [] : [picked.current, ...picked.predecessors];
  const byGeneration = new Map<number, string[]>();
  for (const name of ordered) {
    const generation = (parseLogFileName(name) as { generation: number }).generation;
    const list = byGeneration.get(generation) ?? [];
    list.push(name);
    byGeneration.set(generation, list);
  }
  const sameGenerationCopies: string[] = [];
  const refusals: string[] = [];
  for (const [generation, list] of byGeneration) {
    if (list.length < 2) continue;
    sameGenerationCopies.push(...list.slice(1));
    refusals.push(
      `dsh refuses to open this session directory: it holds generation ${generation} twice (${list.join(' and ')}), ` +
        `one log in two containers (FORMAT.md §1.1). The viewer reads ${list[0] ?? ''}${
          list[0] === picked.current ? ', the newest' : ''
        }.`,
    );
  }
  if (picked.mixedEncodings && sameGenerationCopies.length === 0)
    refusals.push(
      `dsh refuses to open this session directory: it holds both .jsonl and .jsonl.zstd logs (FORMAT.md §1.1). ` +
        `The viewer reads ${picked.current ?? ''}, the newest generation.`,
    );
  const copies = new Set(sameGenerationCopies);
  return {
    current: picked.current,
    generations: ordered.slice(1).filter((name) => !copies.has(name)),
    sameGenerationCopies,
    refusals,
  };
}
