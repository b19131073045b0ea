// What a path in a workspace is, by its name alone (FORMAT.md §1.1, §8.3, §8.4;
// docs/format-generations.md §1): a session log of a session directory, a numbered fixture log, some
// other log-looking file, an export ZIP, a media file, or nothing of ours.

import { parseLogFileName } from '../format/generations/generation.ts';
import { baseName } from './workspace-entry.ts';

export type WorkspacePathKind =
  /**
   * A canonical log name (`session.jsonl`, `session.v4.jsonl.zstd`): `slot` null. Or a numbered
   * fixture name (`session.1.jsonl`, `session.2.v4.jsonl`, FORMAT.md §8.4): `slot` is the number,
   * one session per number in the directory. `generation` is what the name claims (the header decides).
   */
  | { kind: 'session-log'; slot: number | null; generation: number; isCompressed: boolean }
  /** Another `.jsonl`, `.jsonl.zstd`, `.zst` or `.zstd` name: a session of its own. */
  | { kind: 'loose-log' }
  | { kind: 'zip' }
  /** `media/<attachmentId>.<png|jpg|jpeg|webp|gif>` at any depth (an export ZIP's images, §8.3). */
  | { kind: 'media'; attachmentId: string }
  | { kind: 'other' };

const NUMBERED_NAME = /^session\.([1-9][0-9]*)(?:\.v([1-9][0-9]*))?\.jsonl(\.zstd)?$/;
const LOOSE_LOG_NAME = /\.(?:jsonl|jsonl\.zstd|jsonl\.zst|zst|zstd)$/;
const MEDIA_NAME = /^(.+)\.(?:png|jpg|jpeg|webp|gif)$/i;

/** Classifies a workspace path by its name. macOS archive debris (`__MACOSX/`, `._*`) is `other`. */
export function classifyWorkspacePath(path: string): WorkspacePathKind {
  const name = baseName(path);
  if (name.startsWith('._') || path.split('/').includes('__MACOSX')) return { kind: 'other' };
  const canonical = parseLogFileName(name);
  if (canonical !== null)
    return {
      kind: 'session-log',
      slot: null,
      generation: canonical.generation,
      isCompressed: canonical.isCompressed,
    };
  const numbered = NUMBERED_NAME.exec(name);
  if (numbered !== null)
    return {
      kind: 'session-log',
      slot: Number(numbered[1]),
      generation: numbered[2] === undefined ? 0 : Number(numbered[2]),
      isCompressed: numbered[3] !== undefined,
    };
  if (LOOSE_LOG_NAME.test(name)) return { kind: 'loose-log' };
  if (/\.zip$/i.test(name)) return { kind: 'zip' };
  const segments = path.split('/');
  const media = MEDIA_NAME.exec(name);
  if (media !== null && segments.at(-2) === 'media')
    return { kind: 'media', attachmentId: media[1] as string };
  return { kind: 'other' };
}

/**
 * The canonical name a numbered fixture name stands for in its slot (`session.2.v4.jsonl` →
 * `session.v4.jsonl`), so pickCurrentGeneration can choose among the files of one slot.
 */
export function canonicalNameOfSlot(name: string): string {
  return name.replace(/^session\.[1-9][0-9]*\./, 'session.');
}
