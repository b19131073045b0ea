// The model view's conversation as items read by index: a model view's messages come from its packed
// columns (one object per item read, none per message held), the transcript's from its entries.
import {
  isPackedReplacement,
  packedMessageCount,
  type PackedModelView,
  type TranscriptEntry,
} from '../../../log/index.ts';

export type ConversationItem =
  | { kind: 'request' }
  | { kind: 'message'; seq: number; isReplacement: boolean }
  | { kind: 'streaming' }
  | { kind: 'marker'; seq: number; label: string };

export interface ConversationItems {
  count: number;
  messageCount: number;
  at(index: number): ConversationItem | undefined;
}

export const NO_ITEMS: ConversationItems = { count: 0, messageCount: 0, at: () => undefined };

/**
 * The request card (what the next request is sent with), the model view's messages (its message
 * prefix), then the streaming card when the cursor is inside a model attempt.
 */
export function modelViewItems(view: PackedModelView): ConversationItems {
  const messageCount = packedMessageCount(view);
  return {
    count: 1 + messageCount + (view.streaming ? 1 : 0),
    messageCount,
    at: (index) => {
      if (index === 0) return REQUEST_ITEM;
      const message = index - 1;
      if (message < 0 || message >= messageCount)
        return message === messageCount && view.streaming ? STREAMING_ITEM : undefined;
      return {
        kind: 'message',
        seq: view.seqs[message] ?? -1,
        isReplacement: isPackedReplacement(view, message),
      };
    },
  };
}

const REQUEST_ITEM: ConversationItem = { kind: 'request' };
const STREAMING_ITEM: ConversationItem = { kind: 'streaming' };

/** The human transcript's entries up to `cursorSeq` (FORMAT.md §6.5): messages and markers. */
export function transcriptItems(
  transcript: readonly TranscriptEntry[],
  cursorSeq: number,
): ConversationItems {
  const shown: ConversationItem[] = [];
  for (const entry of transcript) {
    if (entry.seq > cursorSeq) break;
    if (entry.kind === 'message') shown.push({ kind: 'message', seq: entry.seq, isReplacement: false });
    else shown.push({ kind: 'marker', seq: entry.seq, label: describeTranscriptMarker(entry) ?? entry.kind });
  }
  return {
    count: shown.length,
    messageCount: shown.filter((item) => item.kind === 'message').length,
    at: (index) => shown[index],
  };
}

function describeTranscriptMarker(entry: TranscriptEntry): string | null {
  switch (entry.kind) {
    case 'message':
      return null;
    case 'compaction':
      return `compaction: replaced ${entry.replacedSeqs.length} message(s)`;
    case 'pruned-result':
      return `tool result pruned (replaces seq ${entry.replacedSeq})`;
    case 'turn-start':
      return `turn ${entry.turn} started`;
    case 'turn-end':
      return `turn ${entry.turn} ended${entry.reason ? `: ${entry.reason}` : ''}`;
    default:
      return null;
  }
}

/** An item's identity, stable across cursor moves: what measured heights and React keys use. */
export function conversationItemKey(item: ConversationItem): string {
  return item.kind === 'streaming' || item.kind === 'request' ? item.kind : `${item.kind}-${item.seq}`;
}
