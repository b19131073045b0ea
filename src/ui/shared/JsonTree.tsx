// An expandable JSON tree of an untrusted value, with a copy button. Given the text searched for,
// it opens every branch that holds it (keys or values, matched as the search matches text), so the
// current search match is in view rather than two levels down behind a collapsed node.
import { useEffect, useMemo, useRef, useState } from 'react';
import { findTextMatches } from '../../log/index.ts';
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

/** Levels open without a search (the top object and its children). */
const OPEN_LEVELS = 2;

/** Whether `value` (a displayed copy: bounded depth) holds `needle` (lower-cased) in a key or a value. */
function makeHolds(needle: string): (value: unknown) => boolean {
  const known = new WeakMap<object, boolean>();
  const holds = (value: unknown): boolean => {
    if (value === null || value === undefined) return false;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return findTextMatches(String(value), needle).length > 0;
    if (typeof value !== 'object') return false;
    const cached = known.get(value);
    if (cached !== undefined) return cached;
    const found = Array.isArray(value)
      ? value.some(holds)
      : Object.entries(value).some(([key, item]) => findTextMatches(key, needle).length > 0 || holds(item));
    known.set(value, found);
    return found;
  };
  return holds;
}

/**
 * `rawText` is what Copy puts on the clipboard (the original JSON). `searchText`: the text searched
 * for; the branches holding it open, and the first place showing it is scrolled into view.
 */
export function JsonTree({
  value,
  rawText,
  searchText = '',
}: {
  value: unknown;
  rawText: string;
  searchText?: string;
}) {
  const shown = useMemo(() => prepareJsonForDisplay(value), [value]);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const isContainer = typeof shown === 'object' && shown !== null;
  const needle = searchText.toLowerCase();
  const holds = useMemo(() => (needle === '' ? null : makeHolds(needle)), [needle]);
  const treeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const tree = treeRef.current;
    if (tree === null || needle === '') return;
    const walker = document.createTreeWalker(tree, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode())
      if (findTextMatches(node.nodeValue ?? '', needle).length > 0) {
        node.parentElement?.scrollIntoView({ block: 'nearest' });
        return;
      }
  }, [shown, needle]);
  return (
    <div ref={treeRef} className="relative text-xs" data-search-text={needle || undefined}>
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
          // Which nodes start open is read when they mount: a new search text opens a new tree.
          key={needle}
          data={shown}
          shouldExpandNode={(level, node) =>
            collapseAllNested(level) || level < OPEN_LEVELS || (holds !== null && holds(node))
          }
          style={TREE_STYLE}
          aria-label="Event JSON"
        />
      ) : (
        <pre className="font-mono">{JSON.stringify(shown)}</pre>
      )}
    </div>
  );
}
