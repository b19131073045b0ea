// "Parent" wherever a child session offers it (the header card, the timeline, the events list's
// inherited prefix): a button opening the parent of the open workspace session at the spawning call
// (or, for `at: 'inherited'`, at the last event it shares with a fork), or, when the parent cannot
// be opened, its id as plain text saying why. Never a dead link.
import { useViewer } from '../../store/use-viewer.ts';
import type { ParentLink } from '../../log/index.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { shortId } from './session-ids.ts';

/** What the open log says and the workspace knows about its parent. */
export type ParentTarget =
  /** The open log names no parent. */
  | { kind: 'none' }
  /** The log names `parentId`, but it cannot be opened: no workspace is open, or it is not in it. */
  | { kind: 'unavailable'; parentId: string; reason: 'no-workspace' | 'not-in-workspace' }
  | { kind: 'known'; parentId: string; link: ParentLink };

/** Where "parent" lands: the spawning call when one was found, else (a fork) its last inherited event. */
function parentSeqOf(link: ParentLink, at: 'spawn' | 'inherited'): number | undefined {
  if (at === 'inherited') return link.inheritedThroughSeq ?? link.parentSeq ?? undefined;
  return link.parentSeq ?? link.inheritedThroughSeq ?? undefined;
}

/** The open log's parent as the workspace knows it (the header's parentSession is the one source). */
export function useParentTarget(): ParentTarget {
  const parentSession = useViewer((state) => {
    const value = state.summary?.header?.parentSession;
    return typeof value === 'string' && value !== '' ? value : null;
  });
  const openId = useViewer((state) => state.workspaceSessionId);
  const sessionId = useViewer((state) => state.summary?.sessionId ?? null);
  const parents = useViewer((state) => state.workspace?.snapshot?.parents ?? null);
  if (parentSession === null) return { kind: 'none' };
  const isWorkspaceSession = openId !== null && sessionId === openId && parents !== null;
  if (!isWorkspaceSession) return { kind: 'unavailable', parentId: parentSession, reason: 'no-workspace' };
  const link = parents.find((candidate) => candidate.childId === openId);
  if (link === undefined || !link.isParentKnown || link.parentId !== parentSession)
    return { kind: 'unavailable', parentId: parentSession, reason: 'not-in-workspace' };
  return { kind: 'known', parentId: parentSession, link };
}

const REASONS: Record<'no-workspace' | 'not-in-workspace', string> = {
  'no-workspace': 'open its folder or export ZIP to follow it',
  'not-in-workspace': 'not in this workspace',
};

interface ParentLinkButtonProps {
  target: ParentTarget;
  at: 'spawn' | 'inherited';
  testId: string;
  className?: string;
  /** Shows the full id rather than a short one (the header card's parentSession fact). */
  isFullId?: boolean;
}

/** The button (or the text) for `target`; renders nothing when the log has no parent. */
export function ParentLinkButton({
  target,
  at,
  testId,
  className = '',
  isFullId = false,
}: ParentLinkButtonProps) {
  const actions = useViewer((state) => state.actions);
  const rows = useViewer((state) => state.workspace?.snapshot?.rows ?? null);
  if (target.kind === 'none') return null;
  const id = isFullId ? revealInvisibleCharacters(target.parentId) : shortId(target.parentId, rows);
  if (target.kind === 'unavailable')
    return (
      <span data-testid={`${testId}-unavailable`} data-reason={target.reason} className={className}>
        <span className="font-mono">{id}</span>{' '}
        <span className="text-zinc-600 dark:text-zinc-400">({REASONS[target.reason]})</span>
      </span>
    );
  const { link } = target;
  const seq = parentSeqOf(link, at);
  const how =
    at === 'spawn' && link.parentSeq !== null
      ? `the call that started this session${link.confidence !== 'exact' ? ` (${link.confidence} match${link.isAmbiguous ? ', ambiguous' : ''})` : ''}`
      : seq !== undefined
        ? 'the last event this fork inherited'
        : 'where it opens';
  return (
    <button
      type="button"
      data-testid={testId}
      data-parent-id={link.parentId}
      data-parent-seq={seq}
      title={`Open the parent session at ${how}`}
      onClick={() => actions.openWorkspaceSession(link.parentId, seq)}
      className={`rounded border border-violet-300 px-1 text-violet-900 hover:bg-violet-100 dark:border-violet-700 dark:text-violet-200 dark:hover:bg-violet-900 ${className}`}
    >
      ↑ parent <span className="font-mono">{id}</span>
      {seq !== undefined && <> at seq {seq}</>}
      {at === 'spawn' && link.confidence !== null && link.confidence !== 'exact' && (
        <> ({link.confidence} match)</>
      )}
      {link.isAmbiguous && <> ambiguous</>}
    </button>
  );
}
