// The store's handles on what panes show, cached on the main thread and fetched from the worker:
// the model views with their message bodies, and the events list's rows in blocks. Stable objects,
// not data: panes follow them through useSyncExternalStore, the cursor prepares them before a move.

import type { EventRow } from '../log/index.ts';
import type { LogClient } from '../worker/client.ts';
import { createBlockFeed, type BlockFeed } from './block-feed.ts';
import { createModelViewFeed, type ModelViewFeed } from './model-view-feed.ts';

/** Row blocks kept on the main thread (256 blocks of the list's 16 rows ≈ 4k rows). */
const EVENT_ROW_BLOCKS_CACHED = 256;

export interface ViewerFeeds {
  /** The worker client (a stable handle, not data). */
  client: LogClient;
  /** The model views and message bodies fetched so far (a stable handle, not data). */
  modelViews: ModelViewFeed;
  /** The events list's rows, in blocks of the list's rowsPerBlock (a stable handle, not data). */
  eventRows: BlockFeed<EventRow>;
}

/** What the feeds must know of the panes that read them (the panes own these numbers). */
export interface FeedSizes {
  /** The events list's rows per block. */
  rowsPerBlock: number;
  /** Bodies of a model view's newest messages fetched with it: the cards the model-view pane shows first. */
  tailBodies: number;
}

/** The feeds of one store over `client`. */
export function createViewerFeeds(client: LogClient, { rowsPerBlock, tailBodies }: FeedSizes): ViewerFeeds {
  return {
    client,
    modelViews: createModelViewFeed(client, { tailBodies }),
    eventRows: createBlockFeed<EventRow>(
      (startSeq, count) => client.query({ kind: 'rows', startSeq, count }),
      rowsPerBlock,
      EVENT_ROW_BLOCKS_CACHED,
    ),
  };
}
