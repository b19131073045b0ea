// Links from events of the open workspace session to other sessions (FORMAT.md §8.2): on the call
// that spawned a child, "→ child session <id>", opening the child at its first own seq. A one-shot
// match says how sure it is, and an ambiguous one says so. Renders nothing outside a workspace.
import { useViewer } from '../../store/use-viewer.ts';
import { shortId } from './session-ids.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import type { SessionLink as Link } from '../../log/index.ts';
import type { WorkspaceRow } from '../../worker/client.ts';

const EMPTY: readonly Link[] = [];

/** Where a child opens: its first own event (after a fork's inherited prefix). */
export function firstOwnSeq(row: WorkspaceRow | undefined): number {
  return row?.summary?.inheritedEvents ?? 0;
}

function labelOf(link: Link): string {
  if (link.isSpawn) return 'child session';
  if (link.evidence === 'subagent-settled' || link.evidence === 'subagent-report')
    return 'report from session';
  return 'session';
}

/** The links of the open workspace session from any of `seqs` to sessions of the workspace. */
export function SessionLinkChips({ seqs }: { seqs: readonly (number | null)[] }) {
  const links = useViewer((state) => {
    const { workspace, workspaceSessionId, summary } = state;
    if (!workspace?.snapshot || workspaceSessionId === null || summary?.sessionId !== workspaceSessionId)
      return EMPTY;
    return workspace.snapshot.links;
  });
  const openId = useViewer((state) => state.workspaceSessionId);
  const rows = useViewer((state) => state.workspace?.snapshot?.rows);
  const actions = useViewer((state) => state.actions);
  const shown = links.filter((link) => link.fromId === openId && link.isKnown && seqs.includes(link.fromSeq));
  if (shown.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {shown.map((link) => {
        const row = rows?.find((candidate) => candidate.id === link.toId);
        return (
          <button
            key={`${link.fromSeq}:${link.toId}:${link.evidence}`}
            type="button"
            data-testid="session-link"
            data-to-session={link.toId}
            data-confidence={link.confidence}
            data-ambiguous={link.isAmbiguous || undefined}
            title={revealInvisibleCharacters(link.note)}
            onClick={() => actions.openWorkspaceSession(link.toId, firstOwnSeq(row))}
            className="rounded border border-violet-300 bg-violet-50 px-1 font-mono text-[11px] text-violet-900 hover:bg-violet-100 dark:border-violet-800 dark:bg-violet-950/50 dark:text-violet-200 dark:hover:bg-violet-900"
          >
            → {labelOf(link)} {shortId(link.toId, rows)}
            {link.confidence !== 'exact' && <span className="ml-1 font-sans">({link.confidence} match)</span>}
            {link.isAmbiguous && <span className="ml-1 font-sans font-semibold">ambiguous</span>}
          </button>
        );
      })}
    </span>
  );
}
