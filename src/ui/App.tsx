// The shell: creates the one store and client, wires URL, keys, theme and playback, and lays out the
// header, timeline, events, model view / triage, scrubber, drop zone, overlays and error boundaries.
import { CompareView } from './compare/CompareView.tsx';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { requestIdle } from '../browser/idle.ts';
import { whenCursorSettled } from '../store/cursor/cursor-settle.ts';
import { createIndexedDbPersistence } from '../store/log-persistence.ts';
import { ViewerStoreContext, useViewer } from '../store/use-viewer.ts';
import { createViewerStore, type ViewerStore } from '../store/viewer-store.ts';
import { getAppBaseUrl, useCopyPermalink, useUrlSync } from '../url/use-url-sync.ts';
import { useCompareLink } from './workspace/use-compare-link.ts';
import type { LogClient } from '../worker/client.ts';
import { EventsPane } from './panes/events/EventsPane.tsx';
import { ModelViewPane } from './panes/model-view/ModelViewPane.tsx';
import { MAX_TAIL_ITEMS } from './panes/model-view/height-estimates.ts';
import { TimelinePane } from './panes/timeline/TimelinePane.tsx';
import { TriagePane } from './panes/triage/TriagePane.tsx';
import { CostPanel } from './cost/CostPanel.tsx';
import { useRangeUrlSync } from '../url/use-range-url-sync.ts';
import { Scrubber } from './scrubber/Scrubber.tsx';
import { usePlayback } from './scrubber/use-playback.ts';
import { EmptyState } from './shell/EmptyState.tsx';
import { ErrorBoundary } from './shell/ErrorBoundary.tsx';
import { HeaderBar } from './shell/HeaderBar.tsx';
import { KeysOverlay } from './shell/KeysOverlay.tsx';
import { SearchHighlights } from './shell/SearchHighlights.tsx';
import { LeaveAskBar } from './shell/LeaveAskBar.tsx';
import { LoadFailureBar } from './shell/LoadFailureBar.tsx';
import { LoadProgressBar } from './shell/LoadProgressBar.tsx';
import { OpenedFilesBar } from './shell/OpenedFilesBar.tsx';
import { FollowButtons } from './live/FollowButtons.tsx';
import { LiveBar } from './live/LiveBar.tsx';
import { MountSoon } from './shell/MountSoon.tsx';
import { EVENT_LIST_GEOMETRY, measureMaxElementHeightPx } from './panes/events/list-layout.ts';
import { ProblemsPanel } from './shell/ProblemsPanel.tsx';
import { StoredLogsPanel } from './shell/StoredLogsPanel.tsx';
import { SplitLayout } from './shared/SplitLayout.tsx';
import { useKeyboard } from './use-keyboard.ts';
import { useTheme } from './use-theme.ts';
import { DeferredWorkContext, type DeferredWorkScheduler } from './shared/deferred-work.ts';
import { VisibleText } from './shared/VisibleText.tsx';
import { collectDrop, collectInput, hasDirectoryPicker, pickDirectory } from './workspace/collect-files.ts';
import { SessionList } from './workspace/SessionList.tsx';
import { WorkspaceAskBar } from './workspace/WorkspaceAskBar.tsx';
import { WorkspaceSessionBar } from './workspace/WorkspaceSessionBar.tsx';
import { useEmbeddedLog } from './export/use-embedded-log.ts';
import { ExportDialog } from './export/ExportDialog.tsx';
import { AppUpdateBar } from './shell/AppUpdateBar.tsx';
import { useLaunchedFiles } from './shell/use-launched-files.ts';

/**
 * Between the workspace's staged mounts (ms): more than a frame, so the shell with the events list,
 * the timeline and the right pane are each laid out and painted in a frame of their own.
 */
const MOUNT_STAGGER_MS = 20;

/** The app root: owns the store for the page's lifetime; `client` is the page's one log client. */

/** The right pane's tabs. */
const PANEL_LABELS = { model: 'Model view', triage: 'Triage', cost: 'Cost & time' } as const;
export function App({ client }: { client: LogClient }) {
  const [store] = useState<ViewerStore>(() =>
    createViewerStore({
      client,
      persistence: createIndexedDbPersistence(),
      eventList: EVENT_LIST_GEOMETRY,
      modelViewTailBodies: MAX_TAIL_ITEMS,
    }),
  );
  // Optional DOM-heavy work (markdown) waits until the cursor settles: a scrub moves the model view alone.
  const deferWork = useMemo<DeferredWorkScheduler>(
    () => (job: () => void) => whenCursorSettled(store, job),
    [store],
  );
  return (
    <ViewerStoreContext.Provider value={store}>
      <DeferredWorkContext.Provider value={deferWork}>
        {/* The last line of defence: whatever a log or a link throws, the page says so and stays. */}
        <ErrorBoundary label="The viewer">
          <Shell store={store} />
        </ErrorBoundary>
      </DeferredWorkContext.Provider>
    </ViewerStoreContext.Provider>
  );
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

function Shell({ store }: { store: ViewerStore }) {
  const loadState = useViewer((state) => state.loadState);
  // Not the summary itself: a followed log's grows with every append, and the shell re-rendering
  // would render every pane again (each selects what it shows). The header reads it on its own.
  const hasSummary = useViewer((state) => state.summary !== null);
  const sourceName = useViewer((state) => state.sourceName);
  const progress = useViewer((state) => state.progress);
  const failure = useViewer((state) => state.failure);
  const notice = useViewer((state) => state.notice);
  const missingLink = useViewer((state) => state.missingLink);
  const storedChoice = useViewer((state) => state.storedChoice);
  const isStoredLogsOpen = useViewer((state) => state.isStoredLogsOpen);
  const [isExportOpen, setExportOpen] = useState(false);
  const theme = useViewer((state) => state.theme);
  const sidePanel = useViewer((state) => state.sidePanel);
  const isKeysOverlayOpen = useViewer((state) => state.isKeysOverlayOpen);
  const isProblemsOpen = useViewer((state) => state.isProblemsOpen);
  const generation = useViewer((state) => state.logGeneration);
  const actions = useViewer((state) => state.actions);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const folderInputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setDragging] = useState(false);

  // The browser's element height limit is measured with a layout; do it while the page is idle
  // rather than inside the events list's first render.
  useEffect(() => requestIdle(() => measureMaxElementHeightPx()), []);
  useTheme(theme);
  const leaveAsk = useUrlSync(store);
  useEmbeddedLog(store);
  useLaunchedFiles(store);
  useRangeUrlSync();
  useCompareLink(store);
  usePlayback(store);
  const openFilePicker = useCallback(() => fileInputRef.current?.click(), []);
  useKeyboard(store, openFilePicker);
  const copyPermalink = useCopyPermalink(store);
  const openFolderPicker = useCallback(() => {
    if (!hasDirectoryPicker()) {
      folderInputRef.current?.click();
      return;
    }
    void pickDirectory().then((picked) => {
      if (picked) store.getState().actions.openDropped(picked.files, picked.hasDirectory, picked.handle);
    });
  }, [store]);
  const openDemo = useCallback(() => actions.openDemo(getAppBaseUrl()), [actions]);

  useEffect(() => {
    let depth = 0;
    const onDragEnter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDragLeave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      if (!event.dataTransfer) return;
      // Folders are walked, a ZIP or unrelated logs become a workspace (workspace-slice.ts openDropped).
      void collectDrop(event.dataTransfer).then(
        ({ files, hasDirectory, handle }) =>
          store.getState().actions.openDropped(files, hasDirectory, handle),
        (error: unknown) =>
          store
            .getState()
            .actions.showNotice(
              `The dropped folder could not be read (${error instanceof Error ? error.message : String(error)}).`,
            ),
      );
    };
    window.addEventListener('dragenter', onDragEnter);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onDragEnter);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [store]);

  const hasWorkspace = hasSummary && (loadState === 'ready' || loadState === 'loading');
  const isComparing = useViewer((state) => state.compare !== null);
  // A dot on the Triage tab: the verdict is not ok, or there are problems or triage findings.
  const hasTriageFlag = useViewer(
    ({ summary, findingSeqs }) =>
      summary !== null &&
      (summary.verdict.status !== 'ok' || summary.problemCount > 0 || findingSeqs.length > 0),
  );

  return (
    <div
      data-load-state={loadState}
      className="flex h-screen flex-col bg-zinc-50 text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100"
    >
      <HeaderBar
        sourceName={sourceName}
        theme={theme}
        onOpenFile={openFilePicker}
        onOpenDemo={openDemo}
        onCopyLink={copyPermalink}
        onToggleProblems={() => actions.setProblemsOpen(!isProblemsOpen)}
        onThemeChange={(next) => actions.setTheme(next)}
        onShowKeys={() => actions.setKeysOverlayOpen(true)}
        onShowStoredLogs={() => actions.setStoredLogsOpen(true)}
        onExport={() => setExportOpen(true)}
        onSelectSeq={(seq) => actions.selectEvent(seq)}
      />
      <AppUpdateBar />
      <input
        ref={fileInputRef}
        type="file"
        accept=".jsonl,.zstd,.zst,.jsonl.zstd,.zip,application/json,application/zstd,application/zip"
        className="hidden"
        data-testid="file-input"
        aria-label="Open log files"
        multiple
        onChange={(event) => {
          const { files, hasDirectory } = collectInput(event.target.files);
          actions.openDropped(files, hasDirectory);
          event.target.value = '';
        }}
      />
      <input
        ref={folderInputRef}
        type="file"
        className="hidden"
        data-testid="folder-input"
        aria-label="Open a folder of sessions"
        // Not in React's types: the folder input of every browser; each File gets webkitRelativePath.
        {...{ webkitdirectory: '' }}
        onChange={(event) => {
          const { files } = collectInput(event.target.files);
          actions.openDropped(files, true);
          event.target.value = '';
        }}
      />
      <OpenedFilesBar />
      <LiveBar />
      <LoadFailureBar />
      <WorkspaceSessionBar />
      <WorkspaceAskBar onOpenFile={openFilePicker} onOpenFolder={openFolderPicker} />
      {leaveAsk.isAsking && hasWorkspace && (
        <LeaveAskBar name={sourceName} onStay={leaveAsk.stay} onLeave={leaveAsk.leave} />
      )}
      {loadState === 'loading' && (
        <LoadProgressBar name={sourceName} progress={progress} onCancel={() => actions.cancelLoad()} />
      )}
      {notice && (
        <div
          role="status"
          data-testid="notice"
          className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-1 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <span>
            <VisibleText text={notice} maxChars={1_000} />
          </span>
          <button
            type="button"
            className="ml-auto rounded px-1 hover:bg-amber-100 dark:hover:bg-amber-900"
            onClick={() => actions.showNotice(null)}
            aria-label="Dismiss"
          >
            ✕
          </button>
        </div>
      )}
      <div className="flex min-h-0 flex-1">
        <SessionList />
        {isComparing ? (
          <ErrorBoundary label="Compare" resetKey={generation}>
            <CompareView />
          </ErrorBoundary>
        ) : hasWorkspace ? (
          <main className="relative flex min-h-0 min-w-0 flex-1 flex-col">
            {/* The workspace appears in three short tasks and frames instead of one long one: the shell and
              the events list (with the first rows) with the first summary, then the timeline and the
              right pane. The placeholder holds the timeline's height (TimelinePane: header, canvas, overview). */}
            <MountSoon
              delayMs={MOUNT_STAGGER_MS}
              placeholder={
                <div className="h-[145px] shrink-0 border-b border-zinc-200 dark:border-zinc-800" />
              }
            >
              <ErrorBoundary label="Timeline" resetKey={generation}>
                <TimelinePane />
              </ErrorBoundary>
            </MountSoon>
            <SplitLayout
              id="main-panes"
              orientation="horizontal"
              firstDefaultPercent={45}
              minPercent={20}
              separatorLabel="Resize the events list and the right pane"
              className="min-h-0 flex-1"
              first={
                <div className="h-full min-h-0 bg-white dark:bg-zinc-900">
                  {/* Right after the shell (a transition, not a later task): its first rows come with the
                  first summary, and a frame between them was most of what stood between the drop and
                  the first rows. */}
                  <MountSoon>
                    <ErrorBoundary label="Events" resetKey={generation}>
                      <EventsPane />
                    </ErrorBoundary>
                  </MountSoon>
                </div>
              }
              second={
                <div className="flex h-full min-h-0 flex-col">
                  <div
                    role="tablist"
                    aria-label="Right pane"
                    className="flex gap-1 border-b border-zinc-200 bg-white px-2 pt-1 text-xs dark:border-zinc-800 dark:bg-zinc-900"
                  >
                    {(['model', 'triage', 'cost'] as const).map((panel) => (
                      <button
                        type="button"
                        role="tab"
                        key={panel}
                        id={`tab-${panel}`}
                        aria-controls="right-tabpanel"
                        aria-selected={sidePanel === panel}
                        onClick={() => actions.setSidePanel(panel)}
                        className={`-mb-px rounded-t border px-3 py-1 ${
                          sidePanel === panel
                            ? 'border-zinc-200 border-b-white bg-white font-semibold dark:border-zinc-700 dark:border-b-zinc-900 dark:bg-zinc-900'
                            : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-200'
                        }`}
                      >
                        {PANEL_LABELS[panel]}
                        {panel === 'triage' && hasTriageFlag && (
                          <span
                            className="ml-1 inline-block h-1.5 w-1.5 rounded-full bg-red-500 align-middle"
                            aria-label="has findings"
                          />
                        )}
                      </button>
                    ))}
                  </div>
                  <div
                    className="min-h-0 flex-1"
                    role="tabpanel"
                    id="right-tabpanel"
                    aria-labelledby={`tab-${sidePanel}`}
                  >
                    <MountSoon delayMs={2 * MOUNT_STAGGER_MS}>
                      <ErrorBoundary label={PANEL_LABELS[sidePanel]} resetKey={generation}>
                        {sidePanel === 'model' ? (
                          <ModelViewPane />
                        ) : sidePanel === 'triage' ? (
                          <TriagePane />
                        ) : (
                          <CostPanel />
                        )}
                      </ErrorBoundary>
                    </MountSoon>
                  </div>
                </div>
              }
            />
            {isProblemsOpen && <ProblemsPanel onClose={() => actions.setProblemsOpen(false)} />}
          </main>
        ) : (
          <EmptyState
            failure={failure}
            failedName={loadState === 'error' ? sourceName : null}
            missingLink={missingLink}
            storedChoice={storedChoice}
            onOpenStored={(log) => actions.openStoredLog(log)}
            onOpenFile={openFilePicker}
            onOpenFolder={openFolderPicker}
            onOpenDemo={openDemo}
            moreActions={<FollowButtons />}
          />
        )}
      </div>
      <Scrubber />
      {isDragging && (
        <div className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-sky-500/10 backdrop-blur-[1px]">
          <div className="rounded-xl border-2 border-dashed border-sky-500 bg-white/90 px-10 py-8 text-lg font-medium text-sky-700 shadow-xl dark:bg-zinc-900/90 dark:text-sky-300">
            Drop logs, a sessions folder or an export ZIP
          </div>
        </div>
      )}
      {isKeysOverlayOpen && <KeysOverlay onClose={() => actions.setKeysOverlayOpen(false)} />}
      <SearchHighlights />
      {isStoredLogsOpen && <StoredLogsPanel onClose={() => actions.setStoredLogsOpen(false)} />}
      {isExportOpen && <ExportDialog onClose={() => setExportOpen(false)} />}
    </div>
  );
}
