// Tests of the JSON tree's display copy.
import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX, prepareJsonForDisplay } from './json-display.ts';

describe('prepareJsonForDisplay', () => {
  it('makes invisible characters in keys and strings visible', () => {
    expect(prepareJsonForDisplay({ 'a\u202E': 'x\u200By' })).toEqual({ 'a⟨U+202E⟩': 'x⟨U+200B⟩y' });
  });
  it('keeps a __proto__ key as data without touching the prototype', () => {
    const parsed: unknown = JSON.parse('{"__proto__": {"polluted": true}}');
    const shown = prepareJsonForDisplay(parsed) as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('stops at a bounded depth', () => {
    let deep: unknown = 1;
    for (let level = 0; level < JSON_DEPTH_MAX + 10; level++) deep = [deep];
    let shown = prepareJsonForDisplay(deep);
    let depth = 0;
    while (Array.isArray(shown)) {
      shown = shown[0];
      depth++;
    }
    expect(depth).toBe(JSON_DEPTH_MAX);
    expect(shown).toMatch(/nested deeper/);
  });
  it('shows a deep-value marker from the core as one inert line of text holding its JSON', () => {
    const marker = JSON.parse(
      '{"dsh-replay:deep-value": "[[[<img src=x onerror=alert(1)>\u202e]]]"}',
    ) as unknown;
    const shown = prepareJsonForDisplay({ extra: marker }) as Record<string, unknown>;
    expect(typeof shown['extra']).toBe('string');
    expect(shown['extra']).toMatch(/^\(nested too deeply to show as a tree; its JSON:\) \[\[\[<img/);
    expect(shown['extra']).toContain('⟨U+202E⟩');
  });
});
