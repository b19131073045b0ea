// One content block of a message (FORMAT.md §5.1): text, reasoning, tool call, tool result, image, or
// an unknown block type shown generically. All text is untrusted and rendered inert.
import type { ContentBlock } from '../../../log/index.ts';
import { JsonTree } from '../../shared/JsonTree.tsx';
import { SafeMarkdown } from '../../shared/SafeMarkdown.tsx';
import { VisibleText } from '../../shared/VisibleText.tsx';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // Partial (streaming) or invalid arguments: shown as text instead.
    return { ok: false };
  }
}

function readString(block: ContentBlock, key: string): string {
  const value = (block as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** Renders a block; `isMarkdown` renders text blocks as markdown (assistant and user text). */
export function ContentBlockView({ block, isMarkdown }: { block: ContentBlock; isMarkdown: boolean }) {
  switch (block.type) {
    case 'text': {
      const text = readString(block, 'text');
      return isMarkdown ? (
        <SafeMarkdown text={text} />
      ) : (
        <div className="whitespace-pre-wrap break-words font-mono text-xs">
          <VisibleText text={text} />
        </div>
      );
    }
    case 'reasoning':
      return (
        <details className="group rounded border border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/50">
          <summary className="cursor-pointer select-none px-2 py-0.5 text-xs italic text-zinc-500 dark:text-zinc-400">
            reasoning ({readString(block, 'text').length.toLocaleString('en-US')} chars)
          </summary>
          <div className="whitespace-pre-wrap break-words px-2 pb-2 text-xs text-zinc-600 dark:text-zinc-300">
            <VisibleText text={readString(block, 'text')} />
          </div>
        </details>
      );
    case 'tool-call': {
      const argumentsText = readString(block, 'arguments');
      const parsed = parseArguments(argumentsText);
      return (
        <div className="rounded border border-amber-200 bg-amber-50/60 dark:border-amber-900 dark:bg-amber-950/30">
          <div className="flex items-center gap-2 border-b border-amber-200 px-2 py-0.5 text-xs dark:border-amber-900">
            <span className="font-semibold text-amber-800 dark:text-amber-300">
              ⚙ {revealInvisibleCharacters(readString(block, 'name'))}
            </span>
            <span className="font-mono text-[10px] text-zinc-500">
              {revealInvisibleCharacters(readString(block, 'id'))}
            </span>
          </div>
          <div className="px-2 py-1">
            {parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? (
              <JsonTree value={parsed.value} rawText={argumentsText} />
            ) : (
              <div className="whitespace-pre-wrap break-words font-mono text-xs">
                <VisibleText text={argumentsText} />
              </div>
            )}
          </div>
        </div>
      );
    }
    case 'tool-result': {
      const record = block as Record<string, unknown>;
      const content = Array.isArray(record.content) ? (record.content as ContentBlock[]) : [];
      const isError = record.isError === true;
      return (
        <div
          className={`rounded border px-2 py-1 ${isError ? 'border-red-300 bg-red-50/60 dark:border-red-900 dark:bg-red-950/30' : 'border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/40'}`}
        >
          <div className="mb-0.5 font-mono text-[10px] text-zinc-500">
            result of {revealInvisibleCharacters(readString(block, 'toolCallId'))}
            {isError && <span className="ml-2 font-semibold text-red-700 dark:text-red-300">isError</span>}
          </div>
          <div className="space-y-1">
            {content.map((inner, index) => (
              // Blocks of a stored message never reorder: the index is stable.
              <ContentBlockView key={index} block={inner} isMarkdown={false} />
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
    case 'image': {
      const attachment = (block as Record<string, unknown>).attachment;
      const field = (key: string): string => {
        const value =
          attachment !== null && typeof attachment === 'object'
            ? (attachment as Record<string, unknown>)[key]
            : undefined;
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '?';
      };
      return (
        <div className="inline-block rounded border border-dashed border-zinc-300 px-2 py-1 text-xs text-zinc-500 dark:border-zinc-600">
          🖼 image {revealInvisibleCharacters(field('name') === '?' ? field('attachmentId') : field('name'))} ·{' '}
          {field('mediaType')} · {field('width')}×{field('height')} (attachments are not stored in the log)
        </div>
      );
    }
    default:
      return (
        <div className="rounded border border-zinc-200 px-2 py-1 dark:border-zinc-700">
          <div className="text-[10px] text-zinc-500">
            unknown block type “{revealInvisibleCharacters(String(block.type))}”
          </div>
          <JsonTree value={block} rawText={JSON.stringify(block)} />
        </div>
      );
  }
}
