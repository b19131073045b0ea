// The header bar: file name, verdict, format generation, problem count, session facts (the "header
// card") and tools.
import { useState } from 'react';
import { formatBytes, formatCount, formatEpoch } from '../shared/format.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { VisibleText } from '../shared/VisibleText.tsx';
import type { ThemePreference } from '../../store/preferences-slice.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { FormatBadge } from './FormatBadge.tsx';
import { VerdictBadge } from './VerdictBadge.tsx';
import { RunEndingHeaderBadge } from './RunEndingHeaderBadge.tsx';
import { ParentLinkButton, useParentTarget } from '../session-links/ParentLink.tsx';

interface HeaderBarProps {
  sourceName: string | null;
  theme: ThemePreference;
  onOpenFile: () => void;
  onOpenDemo: () => void;
  onCopyLink: () => Promise<boolean>;
  onToggleProblems: () => void;
  onThemeChange: (theme: ThemePreference) => void;
  onShowKeys: () => void;
  /** Opens the Stored logs panel (what this browser keeps of opened logs). */
  onShowStoredLogs: () => void;
  /** Opens the export dialog (src/ui/export); absent: no button. */
  onExport?: () => void;
  /** Moves the cursor to a seq (a refusal's event in the format panel). */
  onSelectSeq: (seq: number) => void;
}

/**
 * The single-file export (vite.export.config.ts) is one log, read-only, from file://: no Demo (its
 * log is not in the file), no Export (the file cannot rebuild itself). Copy link stays: its
 * `#seq=…` opens the same file at that seq.
 */
const IS_SINGLE_FILE = import.meta.env.VITE_SINGLE_FILE === true;

const NEXT_THEME: Record<ThemePreference, ThemePreference> = {
  system: 'light',
  light: 'dark',
  dark: 'system',
};
const THEME_LABEL: Record<ThemePreference, string> = { system: '◐ System', light: '☀ Light', dark: '☾ Dark' };

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return revealInvisibleCharacters(typeof value === 'string' ? value : JSON.stringify(value));
}

function Fact({ label, value, isMono = true }: { label: string; value: string; isMono?: boolean }) {
  return (
    <div className="flex min-w-0 items-baseline gap-1">
      <dt className="shrink-0 text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className={`truncate ${isMono ? 'font-mono' : ''}`} title={value}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The header's parentSession: "↑ parent" opening the parent at the spawning call when the open
 * workspace holds it, else the id as text saying why it cannot be followed.
 */
function ParentSessionFact({ fallback }: { fallback: string }) {
  const target = useParentTarget();
  if (target.kind === 'none') return <Fact label="parentSession" value={fallback} />;
  return (
    <div className="flex min-w-0 items-baseline gap-1">
      <dt className="shrink-0 text-zinc-600 dark:text-zinc-400">parentSession</dt>
      <dd className="min-w-0 truncate" title={fallback}>
        <ParentLinkButton target={target} at="spawn" testId="header-parent" isFullId />
      </dd>
    </div>
  );
}

/** Longest file name shown in the bar before "show all" (a name is untrusted: it can be anything). */
const NAME_MAX_CHARS = 300;

const TOOL_BUTTON =
  'rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:hover:bg-zinc-700';

/** Top of the page; the facts row appears once a log summary exists. */
export function HeaderBar(props: HeaderBarProps) {
  const { sourceName } = props;
  // Read here, not passed down: the summary of a followed log changes with every append, and only
  // the header (not the shell around every pane) shows it whole.
  const summary = useViewer((state) => state.summary);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const header = summary?.header ?? null;
  const format = useViewer((state) => state.formatVerdicts);
  // A followed log is never complete (it may grow), but each state of it is settled: its verdicts
  // and how its run ends are of what was read so far (provisional, said so), updated as it grows;
  // the worker derives the format verdicts again while it grows (follow-load.ts).
  const isFollowed = useViewer((state) => state.live !== null);
  const isProvisional = summary !== null && !summary.isComplete && isFollowed;
  return (
    <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      {/* The badges and buttons keep their words (nowrap each); when they do not fit on one line
          (1024 px beside the session list) the tools wrap to a second line rather than leave the page,
          and the file name gives way first (truncated). */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 whitespace-nowrap px-3 py-1.5">
        <span className="flex shrink-0 items-center gap-1.5 text-sm font-semibold tracking-tight">
          <svg aria-hidden viewBox="0 0 16 16" className="h-4 w-4 text-sky-600" fill="currentColor">
            <path d="M2 3h2v10H2zM6 5h2v8H6zM10 2h2v11h-2zM14 7h1v6h-1z" />
          </svg>
          dsh-replay
        </span>
        {sourceName && (
          <span
            className="min-w-0 max-w-[20rem] truncate font-mono text-xs text-zinc-600 dark:text-zinc-300"
            title={revealInvisibleCharacters(sourceName)}
            data-testid="file-name"
          >
            <VisibleText text={sourceName} maxChars={NAME_MAX_CHARS} />
          </span>
        )}
        {summary && (summary.isComplete || isProvisional) && (
          <VerdictBadge
            verdict={summary.verdict}
            isTruncated={summary.isTruncated}
            writtenBy={format !== null && format.generation !== null ? format.writer.release : null}
            isProvisional={isProvisional}
          />
        )}
        {summary && summary.isCancelled === true && (
          <span
            data-testid="partial-view"
            title="Loading was cancelled: only the part read is shown, and the verdict is unknown."
            className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 ring-1 ring-inset ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600"
          >
            partial view: loading cancelled
          </span>
        )}
        {summary && (summary.isComplete || isProvisional) && format && (
          <FormatBadge verdicts={format} onSelectSeq={props.onSelectSeq} isProvisional={isProvisional} />
        )}
        {summary && (summary.isComplete || isProvisional) && <RunEndingHeaderBadge />}
        {summary && (
          <button
            type="button"
            onClick={props.onToggleProblems}
            data-testid="problem-count"
            className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
              summary.problemCount > 0
                ? 'bg-amber-50 text-amber-900 ring-amber-300 hover:bg-amber-100 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-800'
                : 'bg-zinc-50 text-zinc-600 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700'
            }`}
          >
            {formatCount(summary.problemCount)} problem{summary.problemCount === 1 ? '' : 's'}
            {summary.notes.length > 0 && (
              <span className="font-normal text-zinc-600 dark:text-zinc-400">
                {' '}
                · {summary.notes.length} note{summary.notes.length === 1 ? '' : 's'}
              </span>
            )}
          </button>
        )}
        <div data-testid="header-tools" className="ml-auto flex flex-wrap items-center justify-end gap-1.5">
          <button type="button" className={TOOL_BUTTON} onClick={props.onOpenFile}>
            Open…
          </button>
          {!IS_SINGLE_FILE && (
            <button type="button" className={TOOL_BUTTON} onClick={props.onOpenDemo}>
              Demo
            </button>
          )}
          {/* A link names the log by its content key: there is one once the whole file is read. */}
          {summary?.contentKey != null && (
            <button
              type="button"
              className={TOOL_BUTTON}
              onClick={() => {
                void props.onCopyLink().then((isCopied) => {
                  setCopyState(isCopied ? 'copied' : 'failed');
                  window.setTimeout(() => setCopyState('idle'), 1500);
                });
              }}
            >
              {copyState === 'copied'
                ? 'Link copied'
                : copyState === 'failed'
                  ? 'Copy failed: use the address bar'
                  : 'Copy link'}
            </button>
          )}
          {summary !== null && props.onExport && !IS_SINGLE_FILE && (
            <button
              type="button"
              className={TOOL_BUTTON}
              onClick={props.onExport}
              title="A redacted copy to share: HTML, Markdown or ZIP"
            >
              Export…
            </button>
          )}
          <button
            type="button"
            className={TOOL_BUTTON}
            onClick={props.onShowStoredLogs}
            title="What this browser keeps of opened logs"
          >
            Stored logs
          </button>
          <button
            type="button"
            className={TOOL_BUTTON}
            onClick={() => props.onThemeChange(NEXT_THEME[props.theme])}
            title="Theme: system, light, dark"
          >
            {THEME_LABEL[props.theme]}
          </button>
          <button
            type="button"
            className={TOOL_BUTTON}
            onClick={props.onShowKeys}
            aria-label="Keyboard shortcuts"
          >
            ?
          </button>
        </div>
      </div>
      {summary && (
        <dl
          data-testid="header-card"
          className="flex flex-wrap items-baseline gap-x-5 gap-y-0.5 border-t border-zinc-100 px-3 py-1 text-[11px] dark:border-zinc-800"
        >
          <Fact label="id" value={shown(header?.id)} />
          <Fact label="version" value={shown(header?.version)} />
          <Fact label="cwd" value={shown(header?.cwd)} />
          <Fact label="agentPreset" value={shown(summary.effectiveAgentPreset)} />
          <Fact label="delegationDepth" value={shown(header?.delegationDepth)} />
          <ParentSessionFact fallback={shown(header?.parentSession)} />
          <Fact
            label="createdAt"
            value={formatEpoch(typeof header?.createdAt === 'number' ? header.createdAt : null)}
          />
          {summary.title && <Fact label="title" value={shown(summary.title)} isMono={false} />}
          <Fact
            label="file"
            value={`${summary.file.container}${summary.file.frames !== null ? ` · ${formatCount(summary.file.frames)} frames` : ''} · ${formatBytes(summary.file.bytes)}${summary.file.tornTail ? ' · torn tail' : ''}${summary.file.decompressor ? ` · decoded by ${summary.file.decompressor}` : ''}`}
          />
          <Fact
            label="events"
            value={`${formatCount(summary.eventCount)}${summary.packedRows ? ` (${formatCount(summary.packedRows)} packed rows)` : ''}`}
          />
        </dl>
      )}
    </header>
  );
}
