// The multi-generation directory: one session in v0 (as 0.1.1 wrote it), v3 (what 0.1.5 published
// beside it when it opened the log for writing: the published v0->v3 migration, taken from the
// committed oracle output) and v4 (what 0.2 publishes beside that: the v3->v4 edge, implemented here
// for the subset this log needs, after docs/format-generations.md "v3 -> v4").

import { isObject, type Json, type JsonObject, type StoredLog } from './stored-log.ts';

/** The corpus log the multi-generation directory is made of. */
export const MULTI_GEN_V0 = 'acp-agent__snapshots__text-turn__session';

const V4_KEPT_PLUGIN_NAMES = new Set([
  'agent-instructions',
  'session-reference',
  'team-message',
  'goal',
  'skill-invocation',
  'skill-catalog',
  'coordinator',
  'subagent-report',
  'subagent-settled',
  'webhook',
  'agent-message',
  'model-selection',
  'plan-mode',
  'time-context',
  'tmux-context',
  'user-approval',
  'repeat-tool-reminder',
  'tool-cordis',
  'cordis-host-runner',
  'tool-goal',
  'tool-jobs',
  'hooks-codex',
  'hooks-claude-code',
  'schedule',
  'dsh-session-title-llm',
]);

function v4Source(source: Json, role: string): Json {
  if (!isObject(source) || source['kind'] !== 'plugin' || typeof source['plugin'] !== 'string') return source;
  const { plugin, kind: _kind, ...rest } = source;
  let kind: string;
  if (plugin === 'compact') kind = 'compact-checkpoint';
  else if (plugin === 'tools-code-mode' || plugin === 'tools-ptc') kind = 'ptc-mode';
  else if (plugin === 'dsh-compaction-basic') kind = 'compact-basic';
  else if (plugin === '@deepseek-ai/dsh-system-prompt')
    kind = role === 'system' ? 'system-prompt' : 'runtime-context';
  else if (V4_KEPT_PLUGIN_NAMES.has(plugin)) kind = plugin;
  else kind = `plugin:${plugin}`;
  return { kind, ...rest };
}

function v4Message(message: Json): Json {
  if (!isObject(message)) return message;
  const role = typeof message['role'] === 'string' ? message['role'] : '';
  return { ...message, source: v4Source(message['source'] ?? null, role) };
}

/** v3 -> v4 for logs without tool results, PTC, unknown tags or children (refuses anything else). */
export function migrateV3ToV4(v3: StoredLog): StoredLog {
  const events = v3.events.map((event) => {
    const type = event['type'] as string;
    const data = event['data'] as JsonObject;
    if (type === 'tool/result' || type.startsWith('tool/ptc') || type === 'subagent/catalog')
      throw new Error(`multi-gen v3->v4 subset: ${type} is not handled`);
    if (type === 'user/message') return { ...event, data: v4Message(data) };
    if (['system/message', 'assistant/message', 'developer/message'].includes(type))
      return { ...event, data: { ...data, message: v4Message(data['message'] ?? null) } };
    return event;
  });
  return { header: { ...v3.header, version: 4 }, events };
}

/** A stored .jsonl text as its header and events. */
export function readStoredJsonl(text: string): StoredLog {
  const rows = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as JsonObject);
  return { header: rows[0] as JsonObject, events: rows.slice(1) };
}
