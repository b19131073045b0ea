// Words for how an assistant card's model attempt ended (AttemptEnding.kind): the finish reasons
// dsh's providers report (FORMAT.md §5.1 FinishReason: stop, tool-calls, max-tokens,
// content-filter, error, other) and, without a finish chunk, what the message or turn says.
// Pure, so it is tested without a DOM.

import type { AttemptEnding } from '../../../log/index.ts';
import type { StatusTone } from '../../shared/status-tone.ts';
import type { StatusWords } from './call-labels.ts';

const FINISH_WORDS: Record<string, StatusWords> = {
  stop: { label: 'finish: stop', tone: 'ok', sentence: 'The model ended its reply (finish reason stop).' },
  'tool-calls': {
    label: 'finish: tool calls',
    tone: 'ok',
    sentence: 'The model ended its reply to have its tool calls run (finish reason tool-calls).',
  },
  'max-tokens': {
    label: 'finish: max tokens',
    tone: 'warning',
    sentence:
      'Cut off: the model reached its output limit (finish reason max-tokens). The text is partial, and dsh drops every tool call of a cut-off reply.',
  },
  'content-filter': {
    label: 'finish: content filter',
    tone: 'warning',
    sentence:
      "The provider's content filter stopped the reply (finish reason content-filter): the text may be partial.",
  },
  error: {
    label: 'finish: error',
    tone: 'error',
    sentence:
      'The provider reported an error while streaming (finish reason error): the text may be partial.',
  },
  other: {
    label: 'finish: other',
    tone: 'neutral',
    sentence: 'The provider gave no standard finish reason (other).',
  },
  unknown: {
    label: 'finish: unreadable',
    tone: 'neutral',
    sentence: 'The finish chunk carries no readable reason kind.',
  },
};

const NO_FINISH_WORDS: Record<string, StatusWords> = {
  interrupted: {
    label: 'interrupted',
    tone: 'warning',
    sentence: 'Interrupted before the model finished: the message holds what had streamed (no finish chunk).',
  },
  aborted: {
    label: 'aborted',
    tone: 'warning',
    sentence: 'The turn was aborted before the model finished (no finish chunk): the text may be partial.',
  },
  none: {
    label: 'no finish recorded',
    tone: 'neutral',
    sentence: 'The log holds no finish chunk for this reply, so how it ended is not recorded.',
  },
};

/** Badge words for an ending; a finish kind outside the known set is named as the log says it. */
export function describeAttemptEnding(ending: AttemptEnding): StatusWords {
  const known = ending.isFromFinish ? FINISH_WORDS[ending.kind] : NO_FINISH_WORDS[ending.kind];
  if (known) return known;
  const tone: StatusTone = 'neutral';
  return {
    label: `finish: ${ending.kind}`,
    tone,
    sentence: `The provider's finish reason "${ending.kind}" is not one dsh defines.`,
  };
}

/** Whether the card's text is partial: anything but a clean stop or tool-calls finish. */
export function isPartialEnding(ending: AttemptEnding): boolean {
  return !(ending.isFromFinish && (ending.kind === 'stop' || ending.kind === 'tool-calls'));
}
