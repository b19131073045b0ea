// The request card's tools: collapsed to a count and the names, expanded to one row per tool whose
// description and argument schema open on demand (schemas can be large: rendered only when open).
import { memo, useId, useState } from 'react';
import type { RequestTool } from '../../../log/index.ts';
import { JsonTree } from '../../shared/JsonTree.tsx';
import { LogText, type LogTextMode as TextMode } from '../../shared/LogText.tsx';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { previewFirstLine } from './request-card-text.ts';

/** Names shown beside the count while the list is collapsed. */
const COLLAPSED_NAMES_MAX = 8;

function ToolRow({ tool, textMode }: { tool: RequestTool; textMode: TextMode }) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const summary = previewFirstLine(tool.description, 120);
  return (
    <li data-testid="request-tool" data-tool-name={tool.name}>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
        className="flex w-full items-baseline gap-2 rounded px-1 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <span aria-hidden className="w-3 shrink-0 text-zinc-600 dark:text-zinc-300">
          {isOpen ? '▾' : '▸'}
        </span>
        <span className="shrink-0 font-mono font-semibold text-zinc-800 dark:text-zinc-100">
          {revealInvisibleCharacters(tool.name)}
        </span>
        {!isOpen && (
          <span className="min-w-0 truncate text-zinc-600 dark:text-zinc-300">
            {revealInvisibleCharacters(summary.text)}
          </span>
        )}
      </button>
      {isOpen && (
        <div
          id={panelId}
          role="region"
          aria-label={`${tool.name} description and schema`}
          className="mb-1 ml-5 space-y-1"
        >
          {tool.description !== '' && (
            <LogText text={tool.description} mode={textMode} className="text-zinc-700 dark:text-zinc-200" />
          )}
          <div className="rounded border border-zinc-200 bg-zinc-50 p-1 dark:border-zinc-700 dark:bg-zinc-950">
            <JsonTree value={tool.parameters} rawText={JSON.stringify(tool.parameters) ?? 'null'} />
          </div>
        </div>
      )}
    </li>
  );
}

/** The tools of a request/header; `[]` says the request carries none. */
export const RequestToolList = memo(function RequestToolList({
  tools,
  unreadableCount,
  textMode = 'exact',
}: {
  tools: readonly RequestTool[];
  unreadableCount: number;
  /** How descriptions are shown: exactly as stored (the default) or as markdown. */
  textMode?: TextMode;
}) {
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const names = tools.map((tool) => tool.name);
  const shownNames = names.slice(0, COLLAPSED_NAMES_MAX).join(', ');
  return (
    <div data-testid="request-tools" data-tool-count={tools.length} className="text-xs">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        disabled={tools.length === 0}
        onClick={() => setOpen((open) => !open)}
        className="flex w-full items-baseline gap-2 text-left disabled:cursor-default"
      >
        <span aria-hidden className="w-3 shrink-0 text-zinc-600 dark:text-zinc-300">
          {tools.length === 0 ? '' : isOpen ? '▾' : '▸'}
        </span>
        <span className="shrink-0 font-semibold text-zinc-800 dark:text-zinc-100">
          {tools.length === 0 ? 'No tools' : `${tools.length} tool${tools.length === 1 ? '' : 's'}`}
        </span>
        {!isOpen && tools.length > 0 && (
          <span className="min-w-0 truncate font-mono text-zinc-600 dark:text-zinc-300">
            {revealInvisibleCharacters(shownNames)}
            {names.length > COLLAPSED_NAMES_MAX ? `, … ${names.length - COLLAPSED_NAMES_MAX} more` : ''}
          </span>
        )}
        {unreadableCount > 0 && (
          <span className="shrink-0 text-amber-800 dark:text-amber-200">
            ({unreadableCount} unreadable entr{unreadableCount === 1 ? 'y' : 'ies'} skipped)
          </span>
        )}
      </button>
      {isOpen && (
        <ul id={listId} className="mt-1 space-y-0.5">
          {tools.map((tool, index) => (
            // Names can repeat in a malformed header; the position is stable within one header.
            <ToolRow key={`${index}:${tool.name}`} tool={tool} textMode={textMode} />
          ))}
        </ul>
      )}
    </div>
  );
});
