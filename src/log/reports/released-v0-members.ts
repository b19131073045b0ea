// The top-level `data` members each generation-0 event type may have, as the frozen upstream v0
// codec admits them when current dsh migrates a log (docs/format-generations.md §8 "v0 → v1":
// "audit payload members exactly"). Facts of the format, transcribed from the published
// `@deepseek-ai/dsh-session-format-v0-to-v1@0.1.3-alpha.2` inventory (RELEASED_V0_EVENT_DISPOSITIONS):
// required and optional members together, since only unexpected members are checked.

/** Event type → the members its `data` may hold (required and optional). */
export const RELEASED_V0_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  'agent-preset/selected': ['agentPreset'],
  'agent/inbox/spliced': ['target', 'start', 'inserted', 'removedCount', 'outcome'],
  'approval/asked': ['id', 'toolName', 'callId', 'reason'],
  'approval/decided': ['id', 'outcome'],
  'approval/policy': ['policy', 'source'],
  'assistant/chunk': ['turn', 'step', 'chunk'],
  'assistant/message': ['turn', 'step', 'message', 'usage', 'interrupted'],
  'command/done': ['commandId', 'kind', 'text', 'sourceEventSeq'],
  'command/run': ['commandId', 'name', 'source', 'args'],
  'compaction/end': ['compactionId', 'turn', 'sourceCommandId', 'error'],
  'compaction/prune': ['shadowedRange', 'shadowedSeqs', 'shadowedTokenCount'],
  'compaction/start': ['compactionId', 'turn', 'sourceCommandId'],
  'compaction/summary': [
    'compactionId',
    'summary',
    'shadowedRange',
    'shadowedSeqs',
    'shadowedTokenCount',
    'provider',
    'model',
    'sourceCommandId',
    'maxTokens',
    'usage',
    'rawOutput',
    'llmStreamCall',
  ],
  'feedback/record': ['text'],
  'goal/change': [
    'kind',
    'version',
    'operation',
    'goal',
    'roundsStarted',
    'createdAt',
    'updatedAt',
    'cleared',
    'clearedAt',
  ],
  'hook/invoked': ['turn', 'point', 'dialect', 'handlerId', 'matcher'],
  'hook/result': ['turn', 'point', 'handlerId', 'decision', 'durationMs', 'exitCode', 'stderrSummary'],
  'llm/retry': [
    'retryId',
    'turn',
    'step',
    'provider',
    'mode',
    'policyKey',
    'retry',
    'delayMs',
    'failure',
    'maxRetries',
  ],
  'llm/retry-started': ['retryId', 'turn', 'step', 'retry'],
  'model/selection': ['provider', 'model', 'reasoningEffort'],
  'permission/preset': ['preset'],
  'plan/mode': ['active'],
  'request/context': ['provider', 'model', 'contextWindow'],
  'request/header': ['header', 'reason', 'startsSeries'],
  'sandbox/mode': ['mode', 'source'],
  'schedule/change': ['version', 'operation', 'schedule', 'id', 'acceptedAt'],
  'session-log-deepseek/delivery-accepted': ['sessionId', 'throughSeq'],
  'session/end-seed': [],
  'session/title': ['title', 'messageSeqs', 'source'],
  'session/title-llm-request': ['titleProvider', 'messageSeqs', 'route', 'system', 'messages', 'maxTokens'],
  'step/end': ['turn', 'step'],
  'step/start': ['turn', 'step'],
  'subagent/descriptor': [
    'mode',
    'version',
    'provider',
    'label',
    'agentProvider',
    'agentModel',
    'agentReasoningEffort',
    'persona',
    'toolFilter',
  ],
  'subagent/model-selection-policy': ['allowedModels'],
  'team/member': ['version', 'teamId', 'member'],
  'team/message/delivered': ['version', 'teamId', 'messageId', 'targetId'],
  'team/message/queued': ['version', 'teamId', 'message'],
  'team/task': ['version', 'teamId', 'task'],
  'todo/write': ['todos'],
  'tool-workflow/agent-end': ['runId', 'seq', 'outcome'],
  'tool-workflow/agent-start': ['runId', 'seq', 'label', 'childId', 'phase'],
  'tool-workflow/run-end': ['runId', 'stopReason'],
  'tool-workflow/run-start': ['runId', 'name'],
  'tool/call': ['turn', 'step', 'callId', 'name', 'arguments'],
  'tool/code-dispatch': [
    'rootCallId',
    'parentCallId',
    'subCallId',
    'name',
    'arguments',
    'isError',
    'content',
  ],
  'tool/code-dispatch-start': ['rootCallId', 'parentCallId', 'subCallId', 'name', 'arguments'],
  'tool/result': ['turn', 'step', 'message', 'error', 'meta'],
  'turn/end': ['turn', 'reason'],
  'turn/start': ['turn'],
  'user/message': ['role', 'id', 'content', 'source'],
  'web/deepseek-search-llm-request': ['endpoint', 'apiVersion', 'body'],
};

/** Generation 1 admits one more member: the delivery marker's `sessionFormatVersion`. */
export const RELEASED_V1_EXTRA_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  'session-log-deepseek/delivery-accepted': ['sessionFormatVersion'],
};

/** Generation-0 type names the migration renames before it audits them (compact/* → compaction/*). */
export const LEGACY_RENAMED_TYPES: Readonly<Record<string, string>> = {
  'compact/start': 'compaction/start',
  'compact/summary': 'compaction/summary',
  'compact/end': 'compaction/end',
  'compact/prune': 'compaction/prune',
  'steering/message': 'user/message',
};

/** Message source kinds the v2 → v3 edge knows how to carry (any other is refused as unclassified). */
export const MIGRATABLE_SOURCE_KINDS: ReadonlySet<string> = new Set([
  'user',
  'plugin',
  'model',
  'tool',
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
]);

/** Content block types the v2 → v3 edge knows how to carry. */
export const MIGRATABLE_CONTENT_KINDS: ReadonlySet<string> = new Set([
  'text',
  'reasoning',
  'image',
  'file',
  'tool-call',
  'tool-result',
]);

/** The exact text of the TOOL_NOT_STARTED repair result (FORMAT.md §7.6), the one result a never-started call may get. */
export const TOOL_NOT_STARTED_REPAIR_TEXT =
  'The tool call was interrupted before the Harness recorded it as started. Retry it if it is still needed.';
