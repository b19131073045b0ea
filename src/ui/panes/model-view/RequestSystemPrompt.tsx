// The request card's system prompt: its first line, and the whole prompt when opened — exactly as
// stored by default, or as markdown that keeps every character (the view's or its own toggle).
import { memo, useState } from 'react';
import { useViewer } from '../../../store/use-viewer.ts';
import { CopyTextButton, LogText, TextModeToggle, type LogTextMode } from '../../shared/LogText.tsx';
import { formatCount } from '../../shared/format.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { previewFirstLine } from './request-card-text.ts';

interface RequestSystemPromptProps {
  /** The rendered prompt; null while it is being read; '' when the request has none. */
  text: string | null;
  /** Where it is logged: the header's `system` field, or system/message nodes on the surface. */
  origin: string;
}

/** Collapsed to the first line (SYSTEM_PREVIEW_CHARS); the markdown is rendered only when open. */
export const RequestSystemPrompt = memo(function RequestSystemPrompt({
  text,
  origin,
}: RequestSystemPromptProps) {
  const [isOpen, setOpen] = useState(false);
  const globalTextMode = useViewer((state) => state.textMode);
  const [ownTextMode, setOwnTextMode] = useState<LogTextMode | null>(null);
  const textMode = ownTextMode ?? globalTextMode;
  const preview = text === null ? null : previewFirstLine(text);
  const isEmpty = text === '';
  return (
    <div data-testid="request-system-prompt" className="text-xs">
      <button
        type="button"
        aria-expanded={isOpen}
        disabled={text === null || isEmpty}
        onClick={() => setOpen((open) => !open)}
        className="flex w-full items-baseline gap-2 text-left disabled:cursor-default"
        title={origin}
      >
        <span aria-hidden className="w-3 shrink-0 text-zinc-600 dark:text-zinc-300">
          {text === null || isEmpty ? '' : isOpen ? '▾' : '▸'}
        </span>
        <span className="shrink-0 font-semibold text-zinc-800 dark:text-zinc-100">System prompt</span>
        {text === null ? (
          <span className="h-3 w-1/2 animate-pulse rounded bg-zinc-200 dark:bg-zinc-700" />
        ) : isEmpty ? (
          <span className="text-zinc-600 dark:text-zinc-300">none</span>
        ) : (
          !isOpen && (
            <span
              className="min-w-0 truncate text-zinc-700 dark:text-zinc-200"
              data-testid="request-system-preview"
            >
              {revealInvisibleCharacters(preview?.text ?? '')}
            </span>
          )
        )}
        {text !== null && !isEmpty && (
          <span className="ml-auto shrink-0 tabular-nums text-zinc-600 dark:text-zinc-300">
            {formatCount(text.length)} chars
          </span>
        )}
      </button>
      {isOpen && text !== null && (
        <div className="mt-1 rounded border border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-950">
          <div className="flex items-center justify-end gap-1 border-b border-zinc-200 px-1 py-0.5 dark:border-zinc-700">
            <CopyTextButton text={text} />
            <TextModeToggle mode={textMode} onChange={setOwnTextMode} />
          </div>
          <div
            className="max-h-[60vh] overflow-auto px-2 py-1 text-sm text-zinc-800 dark:text-zinc-100"
            data-testid="request-system-text"
          >
            <LogText text={text} mode={textMode} />
          </div>
        </div>
      )}
    </div>
  );
});
