// A bar under the header while a workspace session is open: its place in the lineage, "parent"
// opening the parent at the spawning call (a fork: at its last inherited event), and its children.
import { useViewer, useViewerStoreApi } from '../../store/use-viewer.ts';
import { compareWithSession } from './compare-entry.ts';
import { shortId } from './session-list-model.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { firstOwnSeq } from '../session-links/SessionLinkChips.tsx';

export function WorkspaceSessionBar() {
  const openId = useViewer((state) => state.workspaceSessionId);
  const snapshot = useViewer((state) => state.workspace?.snapshot ?? null);
  const sessionId = useViewer((state) => state.summary?.sessionId ?? null);
  const actions = useViewer((state) => state.actions);
  const store = useViewerStoreApi();
  if (openId === null || snapshot === null || sessionId !== openId) return null;
  const row = snapshot.rows.find((candidate) => candidate.id === openId);
  if (row === undefined) return null;
  const parent = snapshot.parents.find((link) => link.childId === openId);
  const children = snapshot.rows.filter((candidate) => candidate.parentId === openId);
  const parentSeq = parent?.parentSeq ?? parent?.inheritedThroughSeq ?? undefined;
  return (
    <div
      data-testid="workspace-session-bar"
      data-session-id={openId}
      className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-violet-200 bg-violet-50 px-3 py-1 text-xs text-violet-950 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-100"
    >
      <span>
        {row.kind === 'root' ? 'session' : row.kind}{' '}
        <span className="font-mono">{shortId(row.id, snapshot.rows)}</span>
        {row.head.delegationDepth > 0 && <> · delegation depth {row.head.delegationDepth}</>}
        {row.head.agentPreset && <> · preset {revealInvisibleCharacters(row.head.agentPreset)}</>}
      </span>
      {parent && parent.isParentKnown && (
        <button
          type="button"
          data-testid="open-parent"
          data-parent-seq={parentSeq}
          className="rounded border border-violet-300 px-1.5 hover:bg-violet-100 dark:border-violet-800 dark:hover:bg-violet-900"
          onClick={() => actions.openWorkspaceSession(parent.parentId, parentSeq)}
          title={
            parent.parentSeq !== null
              ? `Open the parent at the call that started this session (${parent.confidence ?? ''}${parent.isAmbiguous ? ', ambiguous' : ''})`
              : 'Open the parent'
          }
        >
          ↑ parent <span className="font-mono">{shortId(parent.parentId, snapshot.rows)}</span>
          {parentSeq !== undefined && <> at seq {parentSeq}</>}
          {parent.confidence !== null && parent.confidence !== 'exact' && <> ({parent.confidence} match)</>}
          {parent.isAmbiguous && <> ambiguous</>}
        </button>
      )}
      {parent && parent.isParentKnown && (
        <button
          type="button"
          data-testid="compare-with-parent"
          className="rounded border border-violet-300 px-1.5 hover:bg-violet-100 dark:border-violet-800 dark:hover:bg-violet-900"
          onClick={() => compareWithSession(store.getState(), parent.parentId)}
          title="Compare this session with its parent: the shared prefix, then where they part"
        >
          Compare with parent
        </button>
      )}
      {parent && !parent.isParentKnown && (
        <span data-testid="parent-missing">
          parent <span className="font-mono">{shortId(parent.parentId, snapshot.rows)}</span> is not in this
          workspace
        </span>
      )}
      {row.summary?.inheritedEvents ? (
        <span data-testid="inherited-note">
          seqs 0–{row.summary.inheritedEvents - 1} inherited from the parent
        </span>
      ) : null}
      {children.map((child) => (
        <button
          key={child.id}
          type="button"
          data-testid="open-child"
          className="rounded border border-violet-300 px-1.5 font-mono hover:bg-violet-100 dark:border-violet-800 dark:hover:bg-violet-900"
          onClick={() => actions.openWorkspaceSession(child.id, firstOwnSeq(child))}
        >
          ↓ {child.kind} {shortId(child.id, snapshot.rows)}
        </button>
      ))}
    </div>
  );
}
