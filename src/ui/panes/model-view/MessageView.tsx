// One model-visible message: role, seq, harness metadata, and its content blocks.
import { MessageCostChip } from '../../cost/MessageCostChip.tsx';
import { memo, useState } from 'react';
import { describeMessageSource } from '../../../log/index.ts';
import type { ContentBlock, ModelMessageDetail, ToolCallFacts } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { CopyTextButton, TextModeToggle, type LogTextMode } from '../../shared/LogText.tsx';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { AttemptEndingNotes, FinishBadge } from './AttemptEndingView.tsx';
import { ContentBlockView } from './ContentBlockView.tsx';
import { messageText } from './message-text.ts';
import { ToolResultStrip } from './ToolResultStrip.tsx';

const ROLE_STYLES: Record<string, string> = {
  user: 'border-l-sky-400 dark:border-l-sky-600',
  assistant: 'border-l-emerald-400 dark:border-l-emerald-600',
  tool: 'border-l-amber-400 dark:border-l-amber-600',
  system: 'border-l-zinc-400',
};

interface MessageViewProps {
  seq: number;
  /** Null while the body is loading. */
  detail: ModelMessageDetail | null;
  isReplacement: boolean;
  isAtCursor: boolean;
  /** Copied from the parent's log by a fork (FORMAT.md §8.1): shown de-emphasized and labelled. */
  isInherited?: boolean;
  onJump: (seq: number) => void;
  /**
   * The cursor, for the tool-call cards' status at this seq (null: the end of the log). Optional:
   * left undefined, each card selects the store's cursor itself and re-renders only when its status
   * changes, so this card's memo is not broken by every cursor move.
   */
  cursorSeq?: number | null;
}

/** A message card; clicking its seq moves the cursor there. Memoized: a scrub re-renders only the cards whose body or cursor ring changed. */
export const MessageView = memo(function MessageView({
  seq,
  detail,
  isReplacement,
  isAtCursor,
  isInherited = false,
  onJump,
  cursorSeq,
}: MessageViewProps) {
  const kind = detail?.type === 'tool/result' ? 'tool' : (detail?.message.role ?? 'user');
  const roleLabel =
    detail?.type === 'tool/result'
      ? `tool result${detail.toolName ? ` · ${detail.toolName}` : ''}`
      : (detail?.message.role ?? '…');
  const content = Array.isArray(detail?.message.content) ? detail.message.content : [];
  const resultFacts = detail?.type === 'tool/result' ? detail.toolCalls[0] : undefined;
  // The card's own choice wins over the view's (issue 20: a per-message and a global toggle).
  const globalTextMode = useViewer((state) => state.textMode);
  const [ownTextMode, setOwnTextMode] = useState<LogTextMode | null>(null);
  const textMode = ownTextMode ?? globalTextMode;
  const copyText = detail ? messageText(content) : '';
  // Who produced a user- or developer-role message when it is not simply a person typing (a
  // working-directory notice, the answer to a question, injected context …).
  const sourceLabel =
    detail &&
    (detail.message.role === 'user' || detail.message.role === 'developer') &&
    detail.type !== 'tool/result'
      ? describeMessageSource((detail.message as { source?: unknown }).source)
      : null;
  return (
    <article
      data-testid="model-message"
      data-seq={seq}
      data-loaded={detail ? 'true' : 'false'}
      data-inherited={isInherited ? 'true' : undefined}
      data-text-mode={textMode}
      className={`rounded-md border border-l-4 border-zinc-200 bg-white px-3 py-2 shadow-sm dark:border-zinc-700 dark:bg-zinc-900 ${ROLE_STYLES[kind] ?? ''} ${
        isAtCursor ? 'ring-2 ring-sky-400/60' : ''
      } ${isInherited ? 'border-dashed !bg-zinc-100 dark:!bg-zinc-900/50' : ''}`}
    >
      <header className="mb-1 flex flex-wrap items-center gap-2 text-[11px]">
        <span className="font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-300">
          {revealInvisibleCharacters(roleLabel)}
        </span>
        <button
          type="button"
          onClick={() => onJump(seq)}
          className="font-mono text-sky-700 hover:underline dark:text-sky-300"
          title="Move the cursor here"
        >
          seq {seq}
        </button>
        {sourceLabel !== null && sourceLabel !== 'user' && (
          <span
            data-testid="message-source"
            className="rounded bg-sky-50 px-1 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200"
            title="The message's source: who produced it"
          >
            {revealInvisibleCharacters(sourceLabel)}
          </span>
        )}
        {isInherited && (
          <span
            className="rounded bg-zinc-100 px-1 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
            title="This message was copied from the parent session's log when this session was forked"
          >
            inherited from parent
          </span>
        )}
        {detail?.isInterrupted && detail.ending?.kind !== 'interrupted' && (
          <span className="rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">
            interrupted
          </span>
        )}
        {detail?.ending && <FinishBadge ending={detail.ending} />}
        {detail?.errorCode && (
          <span className="rounded bg-red-100 px-1 font-mono text-red-800 dark:bg-red-900/50 dark:text-red-200">
            {revealInvisibleCharacters(detail.errorCode)}
          </span>
        )}
        {isReplacement && (
          <span
            className="rounded bg-fuchsia-100 px-1 text-fuchsia-900 dark:bg-fuchsia-900/50 dark:text-fuchsia-200"
            title="Entered the surface through a replace op"
          >
            replaces {detail && detail.replacedSeqs.length > 0 ? '' : 'earlier messages'}
            {detail?.replacedSeqs.slice(0, 8).map((replaced) => (
              <button
                type="button"
                key={replaced}
                onClick={() => onJump(replaced)}
                className="ml-1 font-mono underline"
              >
                {replaced}
              </button>
            ))}
            {detail && detail.replacedSeqs.length > 8 && ` … ${detail.replacedSeqs.length - 8} more`}
          </span>
        )}
        {detail?.type === 'assistant/message' && <MessageCostChip messageSeq={seq} />}
        <span className="ml-auto flex items-center gap-1">
          {detail?.usage && (
            <span className="font-mono text-zinc-600 dark:text-zinc-400" title="input / output tokens">
              {detail.usage.inputTokens}→{detail.usage.outputTokens} tok
            </span>
          )}
          {detail && copyText !== null && <CopyTextButton text={copyText} />}
          {detail && <TextModeToggle mode={textMode} onChange={setOwnTextMode} />}
        </span>
      </header>
      {resultFacts && <ToolResultStrip facts={resultFacts} onJump={onJump} />}
      {detail ? (
        <div className="space-y-1.5 text-sm">
          {content.map((block, index) => (
            // Blocks of a stored message never reorder: the index is stable.
            <ContentBlockView
              key={index}
              block={block}
              textMode={textMode}
              isMono={detail.type === 'tool/result'}
              callFacts={block.type === 'tool-call' ? findCallFacts(detail, block) : undefined}
              cursorSeq={cursorSeq}
              onJump={onJump}
            />
          ))}
          {content.length === 0 && (
            <div className="text-xs italic text-zinc-600 dark:text-zinc-400">(empty: projects nothing)</div>
          )}
          {detail.ending && <AttemptEndingNotes ending={detail.ending} onJump={onJump} />}
        </div>
      ) : (
        <div className="h-4 w-2/3 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
      )}
    </article>
  );
});

/** The facts of a tool-call block's call, by its id (the body lists them in block order). */
function findCallFacts(detail: ModelMessageDetail, block: ContentBlock): ToolCallFacts | undefined {
  const id = (block as { id?: unknown }).id;
  return detail.toolCalls.find((facts) => facts.callId === id);
}
