// The request card's words: config chips, the "changed since" line, the prompt preview, the bar.
import { describe, expect, it } from 'vitest';
import type { RequestComposition, RequestConfig } from '../../../log/index.ts';
import {
  SYSTEM_PREVIEW_CHARS,
  describeComposition,
  describeConfig,
  describeHeaderChanges,
  previewFirstLine,
} from './request-card-text.ts';

const NO_CONFIG: RequestConfig = {
  provider: 'p',
  model: 'm',
  reasoningEffort: null,
  temperature: null,
  maxTokens: null,
  stop: null,
};

function composition(overrides: Partial<RequestComposition> = {}): RequestComposition {
  return {
    system: { tokens: 100, source: 'estimated' },
    tools: { tokens: 300, source: 'estimated' },
    messages: { tokens: 600, source: 'estimated' },
    total: { tokens: 1000, source: 'estimated' },
    messageCount: 4,
    contextWindow: 8000,
    logged: null,
    ...overrides,
  };
}

describe('describeConfig', () => {
  it('lists only the sampling fields present, and says which the adapter filled in', () => {
    expect(describeConfig(NO_CONFIG, [])).toEqual([]);
    expect(
      describeConfig(
        { ...NO_CONFIG, reasoningEffort: 'high', temperature: 0.2, maxTokens: 256_000, stop: ['\n\n'] },
        ['maxTokens'],
      ),
    ).toEqual(['effort high', 'temperature 0.2', 'max tokens 256,000 (adapter default)', '1 stop sequence']);
  });
});

describe('describeHeaderChanges', () => {
  it('names the system prompt, tools by name and config fields that changed', () => {
    expect(
      describeHeaderChanges({
        previousSeq: 3,
        isSystemChanged: true,
        addedTools: ['grep', 'glob'],
        removedTools: ['edit'],
        changedTools: ['bash'],
        changedConfig: ['model', 'maxTokens'],
      }),
    ).toBe(
      'system prompt · +2 tools (grep, glob) · −1 tool (edit) · 1 tool changed (bash) · model · max tokens',
    );
  });

  it('lists at most six tool names per kind of change', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(
      describeHeaderChanges({
        previousSeq: 3,
        isSystemChanged: false,
        addedTools: [],
        removedTools: names,
        changedTools: [],
        changedConfig: [],
      }),
    ).toBe('−8 tools (a, b, c, d, e, f, … 2 more)');
  });

  it('says nothing for the first header or an unchanged one', () => {
    expect(describeHeaderChanges(null)).toBeNull();
    expect(
      describeHeaderChanges({
        previousSeq: 3,
        isSystemChanged: false,
        addedTools: [],
        removedTools: [],
        changedTools: [],
        changedConfig: [],
      }),
    ).toBeNull();
  });
});

describe('previewFirstLine', () => {
  it('shows the first non-empty line and whether more follows', () => {
    expect(previewFirstLine('\n  You are an agent.\n\nRules: …')).toEqual({
      text: 'You are an agent.',
      isCut: true,
    });
    expect(previewFirstLine('One line.')).toEqual({ text: 'One line.', isCut: false });
  });

  it(`cuts a long first line to ${SYSTEM_PREVIEW_CHARS} characters`, () => {
    const preview = previewFirstLine('x'.repeat(500));
    expect(preview.text).toHaveLength(SYSTEM_PREVIEW_CHARS);
    expect(preview.text.endsWith('…')).toBe(true);
    expect(preview.isCut).toBe(true);
  });
});

describe('describeComposition', () => {
  it('sizes the segments against the context window and says the numbers are estimated', () => {
    const display = describeComposition(composition());
    expect(display.segments.map((segment) => [segment.part, segment.share])).toEqual([
      ['system', 100 / 8000],
      ['tools', 300 / 8000],
      ['messages', 600 / 8000],
    ]);
    expect(display.totalLabel).toBe('≈ 1,000 of 8,000 tokens (13 %)');
    expect(display.sourceLabel).toContain('estimated');
    expect(display.warning).toBeNull();
    expect(display.isOverWindow).toBe(false);
  });

  it('shows a logged total without ≈ and says it is logged', () => {
    const display = describeComposition(
      composition({
        total: { tokens: 1000, source: 'logged' },
        logged: {
          usageSeq: 40,
          requestSeq: 35,
          inputTokens: 1000,
          estimatedTokens: 1300,
          scale: 1000 / 1300,
          isCurrent: true,
        },
      }),
    );
    expect(display.totalLabel).toBe('1,000 of 8,000 tokens (13 %)');
    expect(display.sourceLabel).toMatch(/^total logged \(usage at seq 40\)/);
  });

  it('shares the total when there is no context window, and warns when usage and estimate disagree', () => {
    const display = describeComposition(
      composition({
        contextWindow: null,
        logged: {
          usageSeq: 9,
          requestSeq: 5,
          inputTokens: 3,
          estimatedTokens: 20_000,
          scale: 3 / 20_000,
          isCurrent: false,
        },
      }),
    );
    expect(display.segments.map((segment) => segment.share)).toEqual([0.1, 0.3, 0.6]);
    expect(display.totalLabel).toBe('≈ 1,000 tokens (context window not logged)');
    expect(display.sourceLabel).toContain('logged input 3 at seq 9');
    expect(display.warning).toContain('far from');
  });

  it('flags a total over the context window', () => {
    expect(describeComposition(composition({ contextWindow: 900 })).isOverWindow).toBe(true);
  });
});
