// The model view pane's reads from the store's model view feed (src/store/model-view-feed.ts): the
// view at the cursor, message bodies, and re-renders when anything new is cached.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PackedModelView } from '../../../log/index.ts';
import type { ModelViewFeed } from '../../../store/model-view-feed.ts';

/**
 * The model view at `seq`. A cursor move normally lands with its view already cached (the store
 * prepares it first); otherwise (a move that outwaited CURSOR_HOLD_MAX_MS, a load that just
 * finished) the pane asks for it and shows the last view it had until the answer comes.
 */
export function useModelView(feed: ModelViewFeed, seq: number | null) {
  useSyncExternalStore(feed.subscribe, feed.version);
  const view = seq === null ? undefined : feed.view(seq);
  const [lastView, setLastView] = useState<PackedModelView | null>(null);
  if (view !== undefined && view !== lastView) setLastView(view);
  const isMissing = seq !== null && view === undefined;
  useEffect(() => {
    if (isMissing) feed.show(seq);
  }, [feed, seq, isMissing]);
  return { view: seq === null ? null : (view ?? lastView), error: feed.error() };
}
