// Messages in generation-4 shape: producer-named sources, tool-role results, and the ids and system
// prompt text of the system messages this format adds.

import { createHash } from 'node:crypto';

/** The plugin sources of generation 0 and the producer kinds generation 4 names them by (v3→v4 edge). */
const PLUGIN_SOURCE_KINDS: Record<string, (role: string) => string> = {
  '@deepseek-ai/dsh-system-prompt': (role) => (role === 'system' ? 'system-prompt' : 'runtime-context'),
  compact: () => 'compact-checkpoint',
};

/** Generation 4's name for a message `source`: the same fields, `kind: "plugin"` + `plugin` replaced. */
export function sourceV4(source: Record<string, unknown>, role: string): Record<string, unknown> {
  if (source.kind !== 'plugin') return source;
  const { kind: _kind, plugin, ...rest } = source;
  const kindOf = PLUGIN_SOURCE_KINDS[String(plugin)];
  if (kindOf === undefined) throw new Error(`no generation-4 source kind for plugin ${String(plugin)}`);
  return { kind: kindOf(role), ...rest };
}

/** A generation-0 tool/result payload, as run-tools.ts and prune() write it. */
export interface ToolResultDataV0 {
  turn: number;
  step: number;
  message: {
    source: Record<string, unknown>;
    content: { type: string; toolCallId: string; content: unknown[]; isError?: boolean }[];
    role: string;
    id: string;
  };
  error?: unknown;
  meta?: unknown;
}

/** A tool/result payload in the tool-role shape (message `{role, source, toolCallId, content, isError, id}`), keys in place. */
export function toolResultV4(data: ToolResultDataV0): Record<string, unknown> {
  const { message } = data;
  const block = message.content[0];
  if (message.content.length !== 1 || block?.type !== 'tool-result')
    throw new Error('a generation-0 tool result has exactly one tool-result block');
  if (data.error !== undefined && block.isError !== true)
    throw new Error('data.error on a successful result');
  const messageV4: Record<string, unknown> = {
    role: 'tool',
    source: sourceV4(message.source, 'tool'),
    toolCallId: block.toolCallId,
    content: block.content,
  };
  if (block.isError !== undefined) messageV4.isError = block.isError;
  messageV4.id = message.id;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) out[key] = key === 'message' ? messageV4 : value;
  return out;
}

/** A UUID (version-4 layout) derived from `text`, for the messages this format adds. */
export function derivedId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The system prompt of a `request/header` (absent: '', no prompt; its message content is `[]`). */
export function systemText(system: unknown): string {
  return typeof system === 'string' ? system : '';
}
