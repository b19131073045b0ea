// The folder being followed, outside React (one per page): the folder handle, its listing, the
// session followed and the sessions that appeared since. The live bar shows it; the pickers start
// it. Each listing is a walk of handles (folder-watch.ts), every FOLDER_POLL_MS while a folder is followed.

import type { ViewerStore } from '../../store/viewer-store.ts';
import { compareListings, listFolderSessions, type FolderSession } from './folder-watch.ts';

/** How often the folder is listed again for new sessions and generations. */
const FOLDER_POLL_MS = 2_000;

export interface FolderFollowState {
  folderName: string;
  followed: FolderSession;
  /** Sessions that appeared while following, newest first. */
  appeared: FolderSession[];
}

let state: FolderFollowState | null = null;
let listing: FolderSession[] = [];
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function publish(next: FolderFollowState | null): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

export const folderFollow = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): FolderFollowState | null => state,
};

function labelOf(session: FolderSession): string {
  return session.directory === '' ? session.name : `${session.directory}/${session.name}`;
}

/** Follows `session` of the followed folder (the newest at the start, or one that appeared). */
export function followFolderSession(store: ViewerStore, session: FolderSession): void {
  if (state === null) return;
  store.getState().actions.followHandle(session.handle, 'folder', labelOf(session));
  publish({ ...state, followed: session, appeared: state.appeared.filter((other) => other !== session) });
}

/** Starts following `folder`: its newest session now, new sessions and generations as they appear. */
export async function startFolderFollow(
  store: ViewerStore,
  folder: FileSystemDirectoryHandle,
): Promise<boolean> {
  stopFolderFollow();
  listing = await listFolderSessions(folder);
  const newest = listing[0];
  if (newest === undefined) {
    store
      .getState()
      .actions.showNotice(`${folder.name} holds no dsh session log (session.jsonl, session.vN.jsonl…).`);
    return false;
  }
  state = { folderName: folder.name, followed: newest, appeared: [] };
  followFolderSession(store, newest);
  let isListing = false;
  timer = setInterval(() => {
    if (isListing || state === null) return;
    // Following stopped or another log was opened: the folder is no longer followed.
    if (store.getState().live?.source !== 'folder') {
      stopFolderFollow();
      return;
    }
    isListing = true;
    listFolderSessions(folder)
      .then((next) => {
        if (state === null) return;
        const change = compareListings(listing, next, state.followed);
        listing = next;
        if (change.newGeneration !== null) {
          store
            .getState()
            .actions.showNotice(
              `dsh wrote a new generation of the session (${change.newGeneration.name}): following it; the older file is frozen history.`,
            );
          followFolderSession(store, change.newGeneration);
        }
        if (change.newSessions.length > 0)
          publish({ ...state, appeared: [...change.newSessions, ...state.appeared] });
      })
      .catch(() => undefined)
      .finally(() => {
        isListing = false;
      });
  }, FOLDER_POLL_MS);
  return true;
}

function stopFolderFollow(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
  listing = [];
  if (state !== null) publish(null);
}
