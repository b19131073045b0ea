// One content block of a message (FORMAT.md §5.1): text, reasoning, tool call, tool result, image, or
// an unknown block type shown generically. All text is untrusted and rendered inert.
import { memo } from 'react';
import type { ContentBlock, ToolCallFacts } from '../../../log/index.ts';
import { JsonTree } from '../../shared/JsonTree.tsx';
import { LogText, type LogTextMode } from '../../shared/LogText.tsx';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { AttachmentImage } from './AttachmentImage.tsx';
import { ToolCallCard } from './ToolCallCard.tsx';

function readString(block: ContentBlock, key: string): string {
  const value = (block as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

interface ContentBlockViewProps {
  block: ContentBlock;
  /** Text as stored (the default) or rendered as markdown that keeps every character. */
  textMode: LogTextMode;
  /** Exact text in monospace (tool output). */
  isMono?: boolean;
  /** For a tool-call block: its call's facts (absent while streaming). */
  callFacts?: ToolCallFacts;
  /** The cursor for the call card (see ToolCallCard); undefined: the card reads the store's. */
  cursorSeq?: number | null;
  onJump?: (seq: number) => void;
}

/** Renders a block. Memoized: a message re-rendered for its cursor ring leaves its blocks alone. */
export const ContentBlockView = memo(function ContentBlockView({
  block,
  textMode,
  isMono = false,
  callFacts,
  cursorSeq,
  onJump,
}: ContentBlockViewProps) {
  switch (block.type) {
    case 'text': {
      return <LogText text={readString(block, 'text')} mode={textMode} isMono={isMono} />;
    }
    case 'reasoning':
      return (
        <details className="group rounded border border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/50">
          <summary className="cursor-pointer select-none px-2 py-0.5 text-xs italic text-zinc-600 dark:text-zinc-400">
            reasoning ({readString(block, 'text').length.toLocaleString('en-US')} chars)
          </summary>
          <LogText
            text={readString(block, 'text')}
            mode={textMode}
            className="px-2 pb-2 text-xs text-zinc-600 dark:text-zinc-300"
          />
        </details>
      );
    case 'tool-call':
      return (
        <ToolCallCard
          name={readString(block, 'name')}
          callId={readString(block, 'id')}
          argumentsText={readString(block, 'arguments')}
          facts={callFacts}
          cursorSeq={cursorSeq}
          onJump={onJump}
        />
      );
    case 'tool-result': {
      const record = block as Record<string, unknown>;
      const content = Array.isArray(record.content) ? (record.content as ContentBlock[]) : [];
      const isError = record.isError === true;
      return (
        <div
          className={`rounded border px-2 py-1 ${isError ? 'border-red-300 bg-red-50/60 dark:border-red-900 dark:bg-red-950/30' : 'border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/40'}`}
        >
          <div className="mb-0.5 font-mono text-[10px] text-zinc-600 dark:text-zinc-400">
            result of {revealInvisibleCharacters(readString(block, 'toolCallId'))}
            {isError && <span className="ml-2 font-semibold text-red-700 dark:text-red-300">isError</span>}
          </div>
          <div className="space-y-1">
            {content.map((inner, index) => (
              // Blocks of a stored message never reorder: the index is stable.
              <ContentBlockView key={index} block={inner} textMode={textMode} isMono />
            ))}
          </div>
        </div>
      );
    }
    case 'tool-addition':
    case 'tool-removal': {
      // Generation 4 developer messages announce tools the model gains or loses from here on.
      const isAddition = block.type === 'tool-addition';
      return (
        <div
          className={`inline-block rounded border px-2 py-0.5 font-mono text-xs ${isAddition ? 'border-emerald-300 text-emerald-800 dark:border-emerald-800 dark:text-emerald-300' : 'border-rose-300 text-rose-800 dark:border-rose-800 dark:text-rose-300'}`}
        >
          {isAddition ? '+ tool ' : '− tool '}
          {revealInvisibleCharacters(readString(block, 'toolName'))}
        </div>
      );
    }
    case 'image':
      return <AttachmentImage attachment={(block as Record<string, unknown>).attachment} />;
    default:
      return (
        <div className="rounded border border-zinc-200 px-2 py-1 dark:border-zinc-700">
          <div className="text-[10px] text-zinc-600 dark:text-zinc-400">
            unknown block type “{revealInvisibleCharacters(String(block.type))}”
          </div>
          <JsonTree value={block} rawText={JSON.stringify(block)} />
        </div>
      );
  }
});
