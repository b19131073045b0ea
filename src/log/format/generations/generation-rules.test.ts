// The per-generation rules hold the event inventories GENERATIONS.md §2 lists (counts are upstream's).
import { describe, expect, it } from 'vitest';
import { rulesOfGeneration } from './generation-rules.ts';

describe('rulesOfGeneration', () => {
  it('knows 51 released-v0 types, 53 in v2, 58 in v3 and 60 in v4', () => {
    expect(rulesOfGeneration(0).knownEventTypes.size).toBe(51);
    expect(rulesOfGeneration(1).knownEventTypes.size).toBe(51);
    expect(rulesOfGeneration(2).knownEventTypes.size).toBe(53);
    expect(rulesOfGeneration(3).knownEventTypes.size).toBe(58);
    expect(rulesOfGeneration(4).knownEventTypes.size).toBe(60);
  });

  it('drops top-level chunks from generation 2 and code-mode dispatch names from 3', () => {
    expect(rulesOfGeneration(1).knownEventTypes.has('assistant/chunk')).toBe(true);
    expect(rulesOfGeneration(2).knownEventTypes.has('assistant/chunk')).toBe(false);
    expect(rulesOfGeneration(2).knownEventTypes.has('tool/code-dispatch')).toBe(true);
    expect(rulesOfGeneration(3).knownEventTypes.has('tool/code-dispatch')).toBe(false);
    expect(rulesOfGeneration(3).knownEventTypes.has('tool/ptc-dispatch')).toBe(true);
  });

  it('moves the system prompt into the surface from 3, and tool results to the tool role in 4', () => {
    expect([0, 1, 2, 3, 4].map((g) => rulesOfGeneration(g as 0).systemPrompt)).toEqual([
      'request-header',
      'request-header',
      'request-header',
      'system-message',
      'system-message',
    ]);
    expect(rulesOfGeneration(3).toolResultShape).toBe('user-wrapper');
    expect(rulesOfGeneration(4).toolResultShape).toBe('tool-role');
    expect(rulesOfGeneration(4).knownEventTypes.has('developer/message')).toBe(true);
  });
});
