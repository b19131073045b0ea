import { describe, expect, it } from 'vitest';
import { eventKindOf, typesOfGeneration } from './registry.ts';

/** dsh 0.2.1-alpha.2's generated KNOWN_SESSION_EVENT_TYPES (zq0929/deepseek-harness@5593cc2, packages/core/session/src/known-event-types.ts). */
const UPSTREAM_0_2_1_TYPES = [
  'agent-preset/selected',
  'agent/inbox/spliced',
  'approval/asked',
  'approval/decided',
  'approval/policy',
  'assistant/attempt',
  'assistant/message',
  'command/done',
  'command/run',
  'compaction/end',
  'compaction/prune',
  'compaction/start',
  'compaction/summary',
  'deliverables/presented',
  'developer/message',
  'feedback/message-delete',
  'feedback/message-put',
  'feedback/record',
  'goal/change',
  'hook/invoked',
  'hook/result',
  'image/offload',
  'llm/retry',
  'llm/retry-started',
  'model/selection',
  'permission/preset',
  'plan/mode',
  'request/context',
  'request/header',
  'sandbox/mode',
  'schedule/change',
  'session-log-deepseek/delivery-accepted',
  'session/end-seed',
  'session/title',
  'session/title-llm-request',
  'step/end',
  'step/start',
  'subagent/catalog',
  'subagent/descriptor',
  'subagent/model-selection-policy',
  'system/message',
  'team/member',
  'team/message/delivered',
  'team/message/queued',
  'team/task',
  'todo/write',
  'tool-workflow/agent-end',
  'tool-workflow/agent-start',
  'tool-workflow/run-end',
  'tool-workflow/run-start',
  'tool/call',
  'tool/ptc-dispatch',
  'tool/ptc-dispatch-start',
  'tool/result',
  'turn/end',
  'turn/start',
  'user/message',
  'web/deepseek-search-llm-request',
  'working-directory/change',
  'workspace/changes',
];

describe('the registry of event kinds', () => {
  it('knows in generation 4 exactly the types of dsh 0.2.1', () => {
    expect([...typesOfGeneration(4)].sort()).toEqual([...UPSTREAM_0_2_1_TYPES].sort());
  });

  it('knows the vocabulary changes of each generation (chunks until 1, code-dispatch until 2)', () => {
    const of = (generation: number) => typesOfGeneration(generation);
    expect(of(0).size).toBe(51);
    expect([...of(0)].filter((type) => !of(2).has(type)).sort()).toEqual(['assistant/chunk']);
    expect([...of(2)].filter((type) => !of(0).has(type)).sort()).toEqual([
      'assistant/attempt',
      'feedback/message-delete',
      'feedback/message-put',
    ]);
    expect([...of(2)].filter((type) => !of(3).has(type)).sort()).toEqual([
      'tool/code-dispatch',
      'tool/code-dispatch-start',
    ]);
    expect([...of(4)].filter((type) => !of(3).has(type)).sort()).toEqual([
      'developer/message',
      'working-directory/change',
    ]);
    expect(of(1)).toEqual(of(0));
  });

  it('has no entry for a type no release writes, nor for inherited object keys', () => {
    expect(eventKindOf('fork/custom')).toBeUndefined();
    expect(eventKindOf('toString')).toBeUndefined();
    expect(eventKindOf('constructor')).toBeUndefined();
  });
});
