// An expandable JSON tree of an untrusted value, with a copy button.
import { useMemo, useState } from 'react';
import { JsonView, collapseAllNested, defaultStyles } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { prepareJsonForDisplay } from './json-display.ts';

/** The library's layout classes with our palette: Tailwind classes carry both themes (`dark:`). */
const TREE_STYLE = {
  ...defaultStyles,
  container: 'font-mono leading-snug bg-transparent text-zinc-800 dark:text-zinc-200',
  label: 'mr-1 text-violet-700 dark:text-violet-300',
  clickableLabel: 'mr-1 cursor-pointer text-violet-700 dark:text-violet-300',
  stringValue: 'whitespace-pre-wrap break-all text-emerald-700 dark:text-emerald-300',
  numberValue: 'text-sky-700 dark:text-sky-300',
  booleanValue: 'text-amber-700 dark:text-amber-300',
  nullValue: 'text-zinc-600 dark:text-zinc-400',
  undefinedValue: 'text-zinc-600 dark:text-zinc-400',
  otherValue: 'text-zinc-600 dark:text-zinc-400',
  punctuation: 'text-zinc-600 dark:text-zinc-400',
  stringifyStringValues: true,
};

/** `rawText` is what Copy puts on the clipboard (the original JSON). */
export function JsonTree({ value, rawText }: { value: unknown; rawText: string }) {
  const shown = useMemo(() => prepareJsonForDisplay(value), [value]);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const isContainer = typeof shown === 'object' && shown !== null;
  return (
    <div className="relative text-xs">
      <button
        type="button"
        className="absolute right-1 top-1 z-10 rounded border border-zinc-300 bg-white/90 px-1.5 py-0.5 text-[11px] hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800/90 dark:hover:bg-zinc-700"
        onClick={() => {
          navigator.clipboard.writeText(rawText).then(
            () => setCopyState('copied'),
            () => setCopyState('failed'),
          );
        }}
      >
        {copyState === 'copied' ? 'Copied' : copyState === 'failed' ? 'Copy failed' : 'Copy JSON'}
      </button>
      {isContainer ? (
        <JsonView
          data={shown}
          shouldExpandNode={(level) => collapseAllNested(level) || level < 2}
          style={TREE_STYLE}
          aria-label="Event JSON"
        />
      ) : (
        <pre className="font-mono">{JSON.stringify(shown)}</pre>
      )}
    </div>
  );
}
