// The v2 → v3 edge rules of the migration (generations 0–2): a surface event before the first step,
// a system prompt change outside a step, and message source or content kinds it cannot classify.

import { isRecord } from '../event.ts';
import type { StoredEvent } from '../event.ts';
import { MIGRATABLE_CONTENT_KINDS, MIGRATABLE_SOURCE_KINDS } from './released-v0-members.ts';
import type { RefusalList } from './migration-refusals.ts';
import { show } from './migration-refusals.ts';

const SURFACE_TYPES: ReadonlySet<string> = new Set(['user/message', 'assistant/message', 'tool/result']);

/** The message a surface event carries (user/message data is the message itself). */
function messageOf(type: string, data: Record<string, unknown>): Record<string, unknown> | null {
  if (type === 'user/message') return data;
  return isRecord(data.message) ? data.message : null;
}

/** The first content kind the v2 → v3 edge cannot carry, searching tool-result blocks too; null when all are known. */
function findUnclassifiedKind(content: unknown): string | null {
  if (!Array.isArray(content)) return null;
  for (const block of content as unknown[]) {
    if (!isRecord(block)) continue;
    const kind = block.type;
    if (typeof kind !== 'string' || !MIGRATABLE_CONTENT_KINDS.has(kind)) return show(kind);
    if (kind === 'tool-result') {
      const inner = findUnclassifiedKind(block.content);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/** The edge's view of the log so far: whether a step was seen, its own open step, the current prompt. */
export class V2EdgeAudit {
  private hasSeenStep = false;
  /** The v2 → v3 edge's "step": set at step/start, cleared at step/end and turn/end. */
  private isPromptStepOpen = false;
  private prompt = '';

  constructor(private readonly refusals: RefusalList) {}

  /** Checks one parsed event of (current) `type` in seq order; `data` is its payload, or {} when it has none. */
  acceptEvent(event: StoredEvent, type: string, data: Record<string, unknown>): void {
    const seq = event.seq;
    if (SURFACE_TYPES.has(type)) {
      if (!this.hasSeenStep && !this.refusals.has('surface-before-first-step'))
        this.refusals.add(
          'surface-before-first-step',
          seq,
          `the ${type} at seq ${seq} comes before the first step/start, so the migration has no place for the system prompt it must insert after that step/start.`,
        );
      const message = messageOf(type, data);
      if (message !== null) {
        const source = isRecord(message.source) ? message.source : {};
        const kind = source.kind;
        if (typeof kind !== 'string' || !MIGRATABLE_SOURCE_KINDS.has(kind))
          this.refusals.add(
            'unclassified-message',
            seq,
            `the ${type} at seq ${seq} has the message source kind ${show(kind)}, which the migration cannot classify.`,
          );
        const contentKind = findUnclassifiedKind(message.content);
        if (contentKind !== null)
          this.refusals.add(
            'unclassified-message',
            seq,
            `the ${type} at seq ${seq} has a content block of type ${contentKind}, which the migration cannot classify.`,
          );
      }
    }
    if (type === 'request/header') {
      const header = isRecord(data.header) ? data.header : {};
      const system = typeof header.system === 'string' ? header.system : '';
      if (system !== this.prompt) {
        if (!this.isPromptStepOpen)
          this.refusals.add(
            'prompt-outside-step',
            seq,
            `the request/header at seq ${seq} changes the system prompt outside an open step, where the migration cannot place the system/message it needs.`,
          );
        this.prompt = system;
      }
    }
    if (type === 'step/start') {
      this.hasSeenStep = true;
      this.isPromptStepOpen = true;
    } else if (type === 'step/end' || type === 'turn/end') this.isPromptStepOpen = false;
  }
}
