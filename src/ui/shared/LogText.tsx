// Log text (a message's text, reasoning, a tool result, a system prompt, a tool's description) shown
// the one way the model view allows (issue 20): exactly as stored by default — every space, tab,
// blank line, underscore, asterisk, backslash and `<tag>` as it is, invisible characters made
// visible by the cleaner — or, on request, as markdown that keeps every character (SafeMarkdown).
import { memo, useState } from 'react';
import { SafeMarkdown } from './SafeMarkdown.tsx';
import { VisibleText } from './VisibleText.tsx';

/** Exact (as stored) or rendered markdown. The store's preference has the same two values. */
export type LogTextMode = 'exact' | 'markdown';

interface LogTextProps {
  text: string;
  mode: LogTextMode;
  /** Monospace in the exact form (tool output, code-like text). */
  isMono?: boolean;
  className?: string;
}

export const LogText = memo(function LogText({ text, mode, isMono = false, className = '' }: LogTextProps) {
  if (mode === 'markdown')
    return (
      <div className={className} data-text-mode="markdown">
        <SafeMarkdown text={text} />
      </div>
    );
  return (
    <div
      className={`whitespace-pre-wrap break-words [tab-size:4] ${isMono ? 'font-mono text-xs' : ''} ${className}`}
      data-text-mode="exact"
      data-exact-text
    >
      <VisibleText text={text} />
    </div>
  );
});

/** Copies `text` (the exact stored string) to the clipboard, and says whether that worked. */
export function CopyTextButton({ text, label = 'Copy text' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      data-testid="copy-text"
      title="Copies the text exactly as stored in the log"
      className="rounded border border-zinc-300 px-1 text-[10px] text-zinc-700 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-200 dark:hover:bg-zinc-800"
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}

/** The per-item switch between the exact text and rendered markdown. */
export function TextModeToggle({
  mode,
  onChange,
}: {
  mode: LogTextMode;
  onChange: (mode: LogTextMode) => void;
}) {
  const next = mode === 'exact' ? 'markdown' : 'exact';
  const isOn = mode === 'markdown';
  return (
    <button
      type="button"
      data-testid="text-mode-toggle"
      data-mode={mode}
      aria-pressed={isOn}
      title={
        mode === 'exact'
          ? 'Showing the exact text: render it as markdown'
          : 'Showing markdown: show the exact text'
      }
      className={`rounded border px-1 text-[10px] ${isOn ? 'border-sky-700 bg-sky-700 text-white' : 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-200 dark:hover:bg-zinc-800'}`}
      onClick={() => onChange(next)}
    >
      md
    </button>
  );
}
