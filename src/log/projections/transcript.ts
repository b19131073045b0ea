// The human transcript (FORMAT.md §6.5): append-origin messages in seq order, with compaction
// checkpoints and pruned results as annotations, framed by turn boundaries.

import type { OpenedLog } from '../open/opened-log.ts';
import type { SurfaceEventType } from '../event.ts';

/** One entry of the human transcript (FORMAT.md §6.5). */
export type TranscriptEntry =
  | { kind: 'message'; seq: number; type: SurfaceEventType }
  | { kind: 'compaction'; seq: number; replacedSeqs: number[] }
  | { kind: 'pruned-result'; seq: number; replacedSeq: number }
  | { kind: 'turn-start'; seq: number; turn: number }
  | { kind: 'turn-end'; seq: number; turn: number; reason: string | null };

/**
 * Transcript entries in seq order: turn starts/ends, every appended message (empty assistant
 * messages are left out: they project nothing), and each applied replacement as a `compaction`
 * (user/message) or `pruned-result` (tool/result) annotation. A hanging turn has no turn-end.
 */
export function deriveTranscript(log: OpenedLog): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (const turn of log.index.turns) {
    entries.push({ kind: 'turn-start', seq: turn.startSeq, turn: turn.turn });
    if (turn.endSeq !== null)
      entries.push({ kind: 'turn-end', seq: turn.endSeq, turn: turn.turn, reason: turn.reason });
  }
  for (const op of log.index.surfaceOps) {
    if (op.op === 'append') {
      if (!op.isEmpty && op.isApplied) entries.push({ kind: 'message', seq: op.seq, type: op.type });
    } else if (op.isApplied) {
      if (op.type === 'tool/result')
        entries.push({
          kind: 'pruned-result',
          seq: op.seq,
          replacedSeq: op.shadowedSeqs[0] ?? op.start ?? -1,
        });
      else if (op.type === 'user/message')
        entries.push({ kind: 'compaction', seq: op.seq, replacedSeqs: [...op.shadowedSeqs] });
      // A replacing system/message is a changed system prompt (generation 3 on): a message, not a compaction.
      else if (!op.isEmpty) entries.push({ kind: 'message', seq: op.seq, type: op.type });
    }
  }
  entries.sort((a, b) => a.seq - b.seq);
  return entries;
}
