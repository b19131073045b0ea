// THE REGISTRY OF EVENT KINDS: one entry per stored event type of any dsh release up to 0.2.1.
// Each entry says which generations know the type, who produces it (the Source facet), its row
// summary, its links, what search adds and which sessions it names (event-kind.ts). Every consumer
// reads it: generation-rules.ts (the known types per generation), projections/event-summary.ts,
// projections/facet-columns.ts, projections/event-links.ts, search/shown-text.ts,
// workspace/link-facts.ts; the UI's card of each kind is keyed by the same names
// (src/ui/panes/events/event-kind-cards.ts: a kind without a card fails the typecheck).
// Supporting a new type: add its entry here, its card there, and tests (docs/event-kinds.md).

import type { EventKind } from './event-kind.ts';
import {
  describeAssistant,
  describeAttempt,
  describeCatalog,
  describeChunk,
  describeReason,
  describeToolResult,
  excerpt,
  excerptContent,
  opLabel,
  show,
  sourceLabel,
} from './summary-text.ts';
import { isRecord } from '../../event.ts';

/** Every generation (0 to 4). */
const ALL = [0, 4] as const;

function text(value: unknown): string {
  return typeof value === 'string' ? excerpt(value) : '';
}

function describeSurfaceMessage(data: Record<string, unknown>, surfaceOp: unknown): string {
  const message = isRecord(data.message) ? data.message : {};
  const content = Array.isArray(message.content) ? message.content : [];
  if (content.length === 0) return `${opLabel(surfaceOp)}${sourceLabel(message.source)}: no content`;
  return `${opLabel(surfaceOp)}${sourceLabel(message.source)}: ${excerptContent(content)}`;
}

function describePtcDispatch(data: Record<string, unknown>): string {
  const error = isRecord(data.error) && typeof data.error.code === 'string' ? ` ${data.error.code}` : '';
  // 0.2.1 adds `meta` (presentation data beside the content, never sent to the model).
  const meta = data.meta !== undefined ? ' · meta' : '';
  return `${show(data.name)} ${show(data.subCallId)}${data.isError === true ? ` (error${error})` : ''}${meta}`;
}

function describeCompactionShadow(data: Record<string, unknown>): string {
  const shadowed = Array.isArray(data.shadowedSeqs) ? data.shadowedSeqs.length : 0;
  return `shadows ${shadowed} node${shadowed === 1 ? '' : 's'}, ~${show(data.shadowedTokenCount)} tokens`;
}

function describeCompactionBound(data: Record<string, unknown>): string {
  return `${show(data.compactionId)}${typeof data.error === 'string' ? ` error: ${excerpt(data.error)}` : ''}`;
}

function describeHook(data: Record<string, unknown>): string {
  return `${show(data.point)} ${show(data.handlerId)}${typeof data.decision === 'string' ? `: ${data.decision}` : ''}`;
}

const harness: EventKind = { generations: ALL, source: 'harness' };

/** The event kinds, by stored type name. */
const EVENT_KINDS = {
  'agent-preset/selected': { ...harness, summary: (data) => show(data.agentPreset) },
  'agent/inbox/spliced': {
    ...harness,
    summary: (data) => {
      const inserted = Array.isArray(data.inserted) ? data.inserted.length : 0;
      return `${show(data.target)}: +${inserted} −${typeof data.removedCount === 'number' ? data.removedCount : 0}${data.outcome === 'canceled' ? ' (canceled)' : ''}`;
    },
  },
  'approval/asked': {
    ...harness,
    links: 'approval-pair',
    summary: (data) =>
      `${show(data.toolName)}${typeof data.callId === 'string' ? ` ${data.callId}` : ''}${typeof data.reason === 'string' ? `: ${excerpt(data.reason)}` : ''}`,
  },
  'approval/decided': {
    ...harness,
    links: 'approval-pair',
    summary: (data) => `${show(data.id)}: ${show(data.outcome)}`,
  },
  'approval/policy': { ...harness, summary: (data) => `policy ${show(data.policy)}` },
  'assistant/attempt': {
    generations: [2, 4],
    source: 'assistant',
    searchText: 'assembled-stream',
    summary: (data) => describeAttempt(data.stream),
  },
  'assistant/chunk': {
    generations: [0, 1],
    source: 'assistant',
    links: 'attempt-of-chunk',
    summary: (data) => describeChunk(data.chunk),
  },
  'assistant/message': {
    generations: ALL,
    source: 'assistant',
    links: 'message-tool-calls',
    searchText: 'executed-calls-by-name',
    summary: describeAssistant,
  },
  'command/done': {
    ...harness,
    links: 'command-pair',
    summary: (data) => `${show(data.kind)}${typeof data.text === 'string' ? `: ${excerpt(data.text)}` : ''}`,
  },
  'command/run': {
    ...harness,
    links: 'command-pair',
    summary: (data) => `/${show(data.name)}${typeof data.args === 'string' ? ` ${excerpt(data.args)}` : ''}`,
  },
  'compaction/end': { ...harness, summary: describeCompactionBound },
  'compaction/prune': { ...harness, summary: describeCompactionShadow },
  'compaction/start': { ...harness, summary: describeCompactionBound },
  'compaction/summary': { ...harness, summary: describeCompactionShadow },
  'deliverables/presented': { ...harness, generations: [3, 4] },
  'developer/message': { generations: [4, 4], source: 'system', summary: describeSurfaceMessage },
  'feedback/message-delete': { ...harness, generations: [2, 4] },
  'feedback/message-put': { ...harness, generations: [2, 4] },
  'feedback/record': { ...harness, summary: (data) => text(data.text) },
  'goal/change': harness,
  'hook/invoked': { ...harness, summary: describeHook },
  'hook/result': { ...harness, summary: describeHook },
  'image/offload': { ...harness, generations: [3, 4] },
  'llm/retry': {
    ...harness,
    links: 'retry-pair',
    summary: (data) => {
      const failure = isRecord(data.failure) ? data.failure : {};
      return `retry ${show(data.retry)} after ${show(failure.code)}: ${text(failure.message)}`;
    },
  },
  'llm/retry-started': {
    ...harness,
    links: 'retry-pair',
    summary: (data) => `retry ${show(data.retry)} started`,
  },
  // Written by late generation-0 writers (0.1.2-*) without a version bump (GENERATIONS.md §2.0).
  'model/selection': harness,
  'permission/preset': harness,
  'plan/mode': { ...harness, summary: (data) => (data.active === true ? 'on' : 'off') },
  'request/context': {
    ...harness,
    summary: (data) =>
      `${show(data.provider)}/${show(data.model)}${typeof data.contextWindow === 'number' ? `, window ${data.contextWindow}` : ''}`,
  },
  'request/header': {
    ...harness,
    summary: (data) => {
      const header = isRecord(data.header) ? data.header : {};
      const config = isRecord(header.config) ? header.config : {};
      const tools = Array.isArray(header.tools) ? `, ${header.tools.length} tools` : '';
      return `${show(data.reason)}: ${show(config.provider)}/${show(config.model)}${tools}`;
    },
  },
  'sandbox/mode': { ...harness, summary: (data) => show(data.mode) },
  'schedule/change': harness,
  // A late generation-0 type (0.1.2-*), like model/selection.
  'session-log-deepseek/delivery-accepted': harness,
  'session/end-seed': { ...harness, summary: () => 'seed ends here (resume or fork point)' },
  'session/title': { ...harness, links: 'titled-from', summary: (data) => text(data.title) },
  'session/title-llm-request': {
    ...harness,
    summary: (data) => {
      const route = isRecord(data.route) ? data.route : {};
      // 0.2.1 records the resolved reasoning effort when there is one.
      const effort = typeof data.reasoningEffort === 'string' ? `, reasoning ${data.reasoningEffort}` : '';
      const cap = typeof data.maxTokens === 'number' ? `, max ${data.maxTokens} tokens` : '';
      return `${show(data.titleProvider)} via ${show(route.provider)}/${show(route.model)}${effort}${cap}`;
    },
  },
  'step/end': {
    ...harness,
    links: 'step-bounds',
    summary: (data) => `turn ${show(data.turn)} step ${show(data.step)}`,
  },
  'step/start': {
    ...harness,
    links: 'step-bounds',
    summary: (data) => `turn ${show(data.turn)} step ${show(data.step)}`,
  },
  'subagent/catalog': { ...harness, generations: [3, 4], summary: describeCatalog },
  'subagent/descriptor': {
    ...harness,
    sessionLinks: 'descriptor',
    summary: (data) =>
      `${show(data.mode)} via ${show(data.provider)}${typeof data.label === 'string' ? `: ${excerpt(data.label)}` : ''}`,
  },
  // A late generation-0 type (0.1.2-*), like model/selection.
  'subagent/model-selection-policy': harness,
  'system/message': { generations: [3, 4], source: 'system', summary: describeSurfaceMessage },
  'team/member': { ...harness, sessionLinks: 'team-member' },
  'team/message/delivered': { ...harness, sessionLinks: 'team-message-delivered' },
  'team/message/queued': { ...harness, sessionLinks: 'team-message-queued' },
  'team/task': harness,
  'todo/write': {
    ...harness,
    summary: (data) => (Array.isArray(data.todos) ? `${data.todos.length} todos` : ''),
  },
  'tool-workflow/agent-end': harness,
  'tool-workflow/agent-start': { ...harness, sessionLinks: 'workflow-agent' },
  'tool-workflow/run-end': harness,
  'tool-workflow/run-start': harness,
  'tool/call': {
    generations: ALL,
    source: 'tool',
    links: 'tool-call',
    summary: (data) =>
      `${show(data.name)} ${show(data.callId)} ${excerpt(typeof data.arguments === 'string' ? data.arguments : '')}`,
  },
  // Renamed tool/ptc-dispatch* in generation 3 (the payload kept).
  'tool/code-dispatch': { generations: [0, 2], source: 'tool', summary: describePtcDispatch },
  'tool/code-dispatch-start': { generations: [0, 2], source: 'tool', summary: describePtcDispatch },
  'tool/ptc-dispatch': { generations: [3, 4], source: 'tool', summary: describePtcDispatch },
  'tool/ptc-dispatch-start': { generations: [3, 4], source: 'tool', summary: describePtcDispatch },
  'tool/result': { generations: ALL, source: 'tool', links: 'tool-result', summary: describeToolResult },
  'turn/end': {
    ...harness,
    links: 'turn-bounds',
    summary: (data) => `turn ${show(data.turn)} ended: ${describeReason(data.reason)}`,
  },
  'turn/start': { ...harness, links: 'turn-bounds', summary: (data) => `turn ${show(data.turn)}` },
  'user/message': {
    generations: ALL,
    source: 'message',
    sessionLinks: 'message-source',
    summary: (data, surfaceOp) =>
      `${opLabel(surfaceOp)}${sourceLabel(data.source)}: ${excerptContent(data.content)}`,
  },
  'web/deepseek-search-llm-request': harness,
  'working-directory/change': { ...harness, generations: [4, 4] },
  'workspace/changes': { ...harness, generations: [3, 4] },
} as const satisfies Record<string, EventKind>;

/** The name of a registered event kind. */
export type EventKindName = keyof typeof EVENT_KINDS;

/** The registration of a stored type, or undefined for a type no dsh release up to 0.2.1 writes. */
export function eventKindOf(type: string): EventKind | undefined {
  return Object.hasOwn(EVENT_KINDS, type) ? (EVENT_KINDS as Record<string, EventKind>)[type] : undefined;
}

/** The types whose writer in `generation` knows them. */
export function typesOfGeneration(generation: number): ReadonlySet<string> {
  const types = new Set<string>();
  for (const [type, kind] of Object.entries(EVENT_KINDS as Record<string, EventKind>))
    if (kind.generations[0] <= generation && generation <= kind.generations[1]) types.add(type);
  return types;
}
