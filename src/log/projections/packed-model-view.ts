// A model view with its message list in two typed columns, for crossing from the worker to the
// page: a view of a long session lists hundreds of messages, and as objects each cursor move would
// clone, allocate and later collect one object per message (≈ 30 KB per move on the bench log; the
// page's garbage collections were its longest scrub pauses). The columns are transferred, not copied.
import { SURFACE_EVENT_TYPES, type MessageRole, type SurfaceEventType } from '../event.ts';
import type { StreamingState } from './block-assembler.ts';
import type { ModelView, ModelViewMessage } from './model-view.ts';

/**
 * Bits of `PackedModelView.flags`: the message's index in SURFACE_EVENT_TYPES, whether it entered
 * by a replace op, and whether a tool/result has the tool role (generation 4) rather than `user`.
 */
const TYPE_MASK = 0b00111;
const REPLACEMENT_BIT = 0b01000;
const TOOL_ROLE_BIT = 0b10000;

/** The role each surface type's message has (a tool/result's depends on its shape: TOOL_ROLE_BIT). */
const ROLE_OF_TYPE: Readonly<Record<SurfaceEventType, MessageRole>> = {
  'user/message': 'user',
  'assistant/message': 'assistant',
  'tool/result': 'user',
  'system/message': 'system',
  'developer/message': 'developer',
};

export interface PackedModelView {
  atSeq: number | null;
  nodeCount: number;
  /** Message i's surface node seq (ModelViewMessage.seq). */
  seqs: Int32Array;
  /** Message i's type (low bits) and replacement bit. */
  flags: Uint8Array;
  streaming: StreamingState | null;
}

export function packModelView(view: ModelView): PackedModelView {
  const count = view.messages.length;
  const seqs = new Int32Array(count);
  const flags = new Uint8Array(count);
  view.messages.forEach((message, index) => {
    seqs[index] = message.seq;
    flags[index] =
      SURFACE_EVENT_TYPES.indexOf(message.type) |
      (message.isReplacement ? REPLACEMENT_BIT : 0) |
      (message.role === 'tool' ? TOOL_ROLE_BIT : 0);
  });
  return { atSeq: view.atSeq, nodeCount: view.nodeCount, seqs, flags, streaming: view.streaming };
}

/** Messages in the view. */
export function packedMessageCount(view: PackedModelView): number {
  return view.seqs.length;
}

/** Whether message `index` entered the surface through a replace op. */
export function isPackedReplacement(view: PackedModelView, index: number): boolean {
  return ((view.flags[index] ?? 0) & REPLACEMENT_BIT) !== 0;
}

/** Message `index` as deriveModelView lists it. */
export function unpackMessage(view: PackedModelView, index: number): ModelViewMessage {
  const flags = view.flags[index] ?? 0;
  const type = SURFACE_EVENT_TYPES[flags & TYPE_MASK] as SurfaceEventType;
  return {
    seq: view.seqs[index] ?? -1,
    type,
    role: (flags & TOOL_ROLE_BIT) !== 0 ? 'tool' : ROLE_OF_TYPE[type],
    isReplacement: isPackedReplacement(view, index),
  };
}

/** The buffers to transfer with a packed view (postMessage's transfer list). */
export function packedViewBuffers(view: PackedModelView): ArrayBuffer[] {
  return [view.seqs.buffer as ArrayBuffer, view.flags.buffer as ArrayBuffer];
}
