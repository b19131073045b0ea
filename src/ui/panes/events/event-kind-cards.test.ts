import { describe, expect, it } from 'vitest';
import { colorOfEventType, titleOfEventType } from './event-kind-cards.ts';

describe('event kind cards', () => {
  it('color a registered kind by its card and a type no release knows by its family prefix', () => {
    expect(colorOfEventType('turn/start')).toBe('text-violet-700 dark:text-violet-300');
    expect(colorOfEventType('tool/ptc-dispatch')).toBe('text-amber-700 dark:text-amber-300');
    expect(colorOfEventType('tool-workflow/run-start')).toBe('text-zinc-700 dark:text-zinc-300');
    expect(colorOfEventType('compact/start')).toBe('text-zinc-700 dark:text-zinc-300');
    expect(colorOfEventType('llm/custom-thing')).toBe('text-red-700 dark:text-red-300');
    expect(colorOfEventType('plugin:x/y')).toBe('text-zinc-700 dark:text-zinc-300');
  });

  it('title every registered kind and no other type', () => {
    expect(titleOfEventType('subagent/catalog')).toBe("A child session in the parent's catalog");
    expect(titleOfEventType('fork/custom')).toBeNull();
  });
});
