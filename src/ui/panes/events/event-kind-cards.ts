// The UI's part of each event kind's registration (src/log/format/event-kinds/registry.ts): its
// card in the events list and the event detail, keyed by the same names. The map is total over the
// registered kinds, so a kind registered without a card fails the typecheck.

import type { EventKindName } from '../../../log/index.ts';

/** Color families of the rows; `other` is neutral. */
type CardFamily =
  'turn' | 'step' | 'user' | 'assistant' | 'tool' | 'request' | 'compaction' | 'approval' | 'llm' | 'other';

/** How one kind shows: its row and detail color family, and a title saying what the event is. */
interface EventKindCard {
  family: CardFamily;
  title: string;
}

/** Tailwind text color classes per family. */
const FAMILY_COLORS: Record<CardFamily, string> = {
  turn: 'text-violet-700 dark:text-violet-300',
  step: 'text-indigo-600 dark:text-indigo-300',
  user: 'text-sky-700 dark:text-sky-300',
  assistant: 'text-emerald-700 dark:text-emerald-300',
  tool: 'text-amber-700 dark:text-amber-300',
  request: 'text-zinc-500 dark:text-zinc-400',
  compaction: 'text-fuchsia-700 dark:text-fuchsia-300',
  approval: 'text-orange-700 dark:text-orange-300',
  llm: 'text-red-700 dark:text-red-300',
  other: 'text-zinc-700 dark:text-zinc-300',
};

/** The card of every registered event kind. */
const EVENT_KIND_CARDS: Record<EventKindName, EventKindCard> = {
  'agent-preset/selected': { family: 'other', title: 'The agent preset chosen for the session' },
  'agent/inbox/spliced': { family: 'other', title: 'Messages spliced into the agent inbox' },
  'approval/asked': { family: 'approval', title: 'A tool call waits for approval' },
  'approval/decided': { family: 'approval', title: 'The approval decision' },
  'approval/policy': { family: 'approval', title: 'The approval policy in force' },
  'assistant/attempt': { family: 'assistant', title: 'A model attempt that no message answered' },
  'assistant/chunk': { family: 'assistant', title: 'One streamed piece of a model attempt' },
  'assistant/message': { family: 'assistant', title: "The model's message" },
  'command/done': { family: 'other', title: 'A slash command finished' },
  'command/run': { family: 'other', title: 'A slash command ran' },
  'compaction/end': { family: 'compaction', title: 'Compaction ended' },
  'compaction/prune': { family: 'compaction', title: 'Compaction pruned old tool results' },
  'compaction/start': { family: 'compaction', title: 'Compaction started' },
  'compaction/summary': { family: 'compaction', title: 'The compaction summary' },
  'deliverables/presented': { family: 'other', title: 'Deliverables presented to the user' },
  'developer/message': { family: 'other', title: 'A developer message (tool registry changes)' },
  'feedback/message-delete': { family: 'other', title: 'Feedback on a message removed' },
  'feedback/message-put': { family: 'other', title: 'Feedback on a message' },
  'feedback/record': { family: 'other', title: 'Feedback recorded' },
  'goal/change': { family: 'other', title: 'The goal changed' },
  'hook/invoked': { family: 'other', title: 'A hook was invoked' },
  'hook/result': { family: 'other', title: "A hook's result" },
  'image/offload': { family: 'other', title: 'Images offloaded from the history' },
  'llm/retry': { family: 'llm', title: 'A model request failed and will be retried' },
  'llm/retry-started': { family: 'llm', title: 'The retry started' },
  'model/selection': { family: 'other', title: 'The model selected' },
  'permission/preset': { family: 'other', title: 'The permission preset' },
  'plan/mode': { family: 'other', title: 'Plan mode switched' },
  'request/context': { family: 'request', title: 'The route and context window of the requests' },
  'request/header': { family: 'request', title: 'The request header: model, system prompt, tools' },
  'sandbox/mode': { family: 'other', title: 'The sandbox mode' },
  'schedule/change': { family: 'other', title: 'The schedule changed' },
  'session-log-deepseek/delivery-accepted': { family: 'other', title: 'The session log upload was accepted' },
  'session/end-seed': { family: 'other', title: 'The end of the inherited or resumed seed' },
  'session/title': { family: 'other', title: 'The session title' },
  'session/title-llm-request': { family: 'other', title: 'The model request that titled the session' },
  'step/end': { family: 'step', title: 'A step ended' },
  'step/start': { family: 'step', title: 'A step started' },
  'subagent/catalog': { family: 'other', title: "A child session in the parent's catalog" },
  'subagent/descriptor': { family: 'other', title: 'How this child session was started' },
  'subagent/model-selection-policy': { family: 'other', title: "The subagents' model selection policy" },
  'system/message': { family: 'other', title: 'The system prompt on the surface' },
  'team/member': { family: 'other', title: 'A team member' },
  'team/message/delivered': { family: 'other', title: 'A team message delivered' },
  'team/message/queued': { family: 'other', title: 'A team message queued' },
  'team/task': { family: 'other', title: 'A team task' },
  'todo/write': { family: 'other', title: 'The todo list written' },
  'tool-workflow/agent-end': { family: 'other', title: 'A workflow agent ended' },
  'tool-workflow/agent-start': { family: 'other', title: 'A workflow agent started' },
  'tool-workflow/run-end': { family: 'other', title: 'A workflow run ended' },
  'tool-workflow/run-start': { family: 'other', title: 'A workflow run started' },
  'tool/call': { family: 'tool', title: 'A tool call executed' },
  'tool/code-dispatch': { family: 'tool', title: 'A nested call of a code program settled' },
  'tool/code-dispatch-start': { family: 'tool', title: 'A nested call of a code program started' },
  'tool/ptc-dispatch': { family: 'tool', title: 'A nested call of a run_code program settled' },
  'tool/ptc-dispatch-start': { family: 'tool', title: 'A nested call of a run_code program started' },
  'tool/result': { family: 'tool', title: "A tool's result" },
  'turn/end': { family: 'turn', title: 'A turn ended' },
  'turn/start': { family: 'turn', title: 'A turn started' },
  'user/message': { family: 'user', title: 'A user-role message' },
  'web/deepseek-search-llm-request': { family: 'other', title: 'The model request of a web search' },
  'working-directory/change': { family: 'other', title: 'The working directory changed' },
  'workspace/changes': { family: 'other', title: 'The files the turn changed' },
};

/** The card of a stored type: its registered one, else (a type no release knows, a legacy name) one by its family prefix. */
function cardOf(type: string): EventKindCard | undefined {
  return Object.hasOwn(EVENT_KIND_CARDS, type) ? EVENT_KIND_CARDS[type as EventKindName] : undefined;
}

/** The color class for an event type. */
export function colorOfEventType(type: string): string {
  const card = cardOf(type);
  if (card !== undefined) return FAMILY_COLORS[card.family];
  const family = type.split('/')[0] ?? '';
  return Object.hasOwn(FAMILY_COLORS, family) && family !== 'other'
    ? FAMILY_COLORS[family as CardFamily]
    : FAMILY_COLORS.other;
}

/** What an event of this type is, in words (null: a type no dsh release up to 0.2.1 writes). */
export function titleOfEventType(type: string): string | null {
  return cardOf(type)?.title ?? null;
}
