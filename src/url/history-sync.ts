// The browser history of a loaded log: every jump is an entry (Back and Forward walk them), steps
// only rewrite the current entry's hash, and Back from the log's first place asks before leaving.
// Written against a HistoryPort, so it runs in Node tests; use-url-sync.ts binds it to the page.
//
// The entries of one loaded log:   [guard] [first place] [jump 1] [jump 2] …
// - When the log is ready, the entry the page is on becomes the guard (or, if it is a place of a log
//   this page opened before, the guard is pushed above it, so that log's places stay behind it), and
//   the first place is pushed above the guard.
// - A jump (store `lastJump`) writes the seq it leaves into the current entry and pushes the target.
// - Back to the guard asks (onAskChange) and goes forward again: the log stays. Leaving is the
//   reader's choice (leave()), which goes back past the guard.
// - An entry that is not this log's (a pasted or typed permalink, another log's) is applied like a
//   permalink: same log, the cursor goes there and the entry becomes one of this log's places;
//   another session, that session is reopened, and when it is ready the entry becomes its place
//   (no guard, no new entry), so Forward still leads where the reader came from.
// - Sessions of one workspace share the history: opening another session of the open workspace
//   (↑ parent, → child session, a row of the list) pushes its first place above the session left,
//   with no guard between them, so Back returns to the session left at the seq it was left at.
// - A compare of the open workspace session with another session of it is in the hash (`cmp`,
//   `cmpat`, `cmpfree`: permalink.ts), so a reload or a copied address restores it. Opening one,
//   closing it or comparing with another session pushes an entry; moving its position or unlocking
//   it rewrites the current entry's hash, as a step does. Back and Forward to an entry of the same
//   log apply its compare: the one open moves there, another one starts, none closes it.

import { aimedSeq } from '../store/cursor/cursor-slice.ts';
import { isAtLiveHead } from '../store/live-follow.ts';
import type { ViewerState, ViewerStore } from '../store/viewer-store.ts';
import {
  isLoadOfDocument,
  makeGuardEntry,
  makeLoadKey,
  makePlaceEntry,
  readHistoryEntry,
} from './history-entries.ts';
import { applyEntryCompare, compareChangeOf } from './history-compare.ts';
import { parseCompareLink, parsePermalinkHash } from './permalink.ts';
import {
  compareLinkOf,
  isWorkspaceHash,
  placeHashOf,
  requestLinkedCompare,
  workspaceLinkOf,
} from './permalink-of-state.ts';

/** The workspace whose session `state` shows (its source, the same object while it stays open), or null. */
function workspaceOf(state: ViewerState): unknown {
  const { workspace, workspaceSessionId, summary } = state;
  if (workspace === null || workspaceSessionId === null || summary?.sessionId !== workspaceSessionId)
    return null;
  return workspace.source;
}

/** Whether the log `state` shows is the one a foreign entry asked for (by log key, else session id). */
function isLoadAskedFor(
  state: ViewerState,
  asked: { sessionId: string | null; logKey: string | null },
): boolean {
  if (asked.logKey !== null) return state.summary?.contentKey === asked.logKey;
  return asked.sessionId !== null && state.summary?.sessionId === asked.sessionId;
}

/** The history calls the sync needs (window.history and location.hash in the page, a fake in tests). */
export interface HistoryPort {
  /** The current entry's state (history.state). */
  readState(): unknown;
  /** The current URL's hash, with its leading `#` (or '' when there is none). */
  readHash(): string;
  /** Adds an entry after the current one (dropping those forward of it); `hash` without `#`, null keeps the URL. */
  push(state: unknown, hash: string | null): void;
  /** Rewrites the current entry; `hash` as for push. */
  replace(state: unknown, hash: string | null): void;
  /** history.go(delta): asynchronous; the page hears where it landed as a popstate. */
  go(delta: number): void;
}

/** The hash is rewritten once the cursor has rested this long (history.replaceState is not free). */
const HASH_REST_MS = 300;
/** …or at the latest this long after the first unwritten move, so a long scrub still updates it. */
export const HASH_MAX_WAIT_MS = 1_500;
/**
 * While the cursor follows the head of a followed log it moves with every append (every poll, 250 ms
 * apart): the hash is written this long after the last move at most, not once per append.
 */
export const LIVE_HASH_WAIT_MS = 5_000;
/** After leave(), how long to wait for the page to go back before saying there is nothing before. */
export const LEAVE_WAIT_MS = 1_000;

export interface HistorySyncOptions {
  /** Random per page: tells this page's entries from those a reload left behind. */
  documentKey: string;
  /** Called when the ask ("leave this log?") appears or goes. */
  onAskChange: (isAsking: boolean) => void;
}

export interface HistorySync {
  /** The page's popstate (Back, Forward, a fragment navigation), after the history moved. */
  onPopState(state: unknown): void;
  /** The page's hashchange: a hash the popstate did not already bring. */
  onHashChange(): void;
  /** The reader chose to leave the log from the ask: goes back past its guard. */
  leave(): void;
  /** The reader chose to stay: the ask goes. */
  stay(): void;
  /** Whether leaving the page now would leave the log without asking (the page then asks, beforeunload). */
  shouldBlockUnload(): boolean;
  dispose(): void;
}

/** Starts keeping `store`'s loaded log in the history behind `port`. */
export function createHistorySync(
  store: ViewerStore,
  port: HistoryPort,
  { documentKey, onAskChange }: HistorySyncOptions,
): HistorySync {
  /** The load whose entries the history holds, once its log is ready; null while none is. */
  let currentLoad: string | null = null;
  let loadCount = 0;
  /** The place entry the page is on (of currentLoad), or null (on the guard, or no log). */
  let currentPlace: number | null = null;
  let placeCount = 0;
  /** Where the reader was last at each place of this page: steps after the last hash write count too. */
  const seqByPlace = new Map<number, number>();
  /** Between landing on the guard and being back on the first place. */
  let isOnGuard = false;
  /** The popstate that brings the page back from the guard is expected: the ask stays for it. */
  let isReturningFromGuard = false;
  let isAsking = false;
  /** The hash the last popstate or write left, so a hashchange for it is not applied twice. */
  let knownHash = port.readHash();
  let hashTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the oldest move not yet in the hash happened (ms, performance.now), or null. */
  let firstPendingAt: number | null = null;
  let leaveTimer: ReturnType<typeof setTimeout> | null = null;
  /** The workspace (its source) whose session the current load is, or null for a lone log. */
  let currentWorkspace: unknown = null;
  /** The session (or log key) a foreign entry asked to reopen: its load adopts that entry. */
  let adoptFor: { sessionId: string | null; logKey: string | null } | null = null;

  const setAsking = (next: boolean) => {
    if (next === isAsking) return;
    isAsking = next;
    onAskChange(next);
  };

  const hashOf = (seq: number | null) => placeHashOf(store.getState(), seq);

  const cancelHashWrite = () => {
    if (hashTimer !== null) clearTimeout(hashTimer);
    hashTimer = null;
    firstPendingAt = null;
  };

  const writeHash = () => {
    cancelHashWrite();
    if (currentLoad === null || currentPlace === null) return;
    const next = hashOf(aimedSeq(store.getState()));
    if (port.readHash().slice(1) === next) return;
    port.replace(makePlaceEntry(currentLoad, currentPlace), next);
    knownHash = port.readHash();
  };

  /** Debounced with a maximum wait: while scrubbing, no history write competes with the panes. */
  const scheduleHashWrite = () => {
    const now = performance.now();
    firstPendingAt ??= now;
    const state = store.getState();
    const isFollowingHead = state.live?.status.state === 'following' && isAtLiveHead(state);
    // Following the head, a write waits for the longer bound; the timer is not pushed back by each append.
    if (isFollowingHead && hashTimer !== null) return;
    const delay = isFollowingHead
      ? LIVE_HASH_WAIT_MS
      : Math.min(HASH_REST_MS, Math.max(0, firstPendingAt + HASH_MAX_WAIT_MS - now));
    if (hashTimer !== null) clearTimeout(hashTimer);
    hashTimer = setTimeout(writeHash, delay);
  };

  /** Pushes a place at `seq`; with `hash` null the entry keeps the URL until the debounced write. */
  const pushPlace = (load: string, seq: number | null, hash: string | null) => {
    currentPlace = ++placeCount;
    if (seq !== null) seqByPlace.set(currentPlace, seq);
    port.push(makePlaceEntry(load, currentPlace), hash);
    knownHash = port.readHash();
  };

  /**
   * The log is ready: the current entry becomes its guard (or one is pushed), its first place above;
   * or, for another session of the workspace left, only its first place is pushed; or, for a log a
   * foreign entry reopened, that entry becomes its place.
   */
  const install = (state: ViewerState) => {
    const load = makeLoadKey(documentKey, ++loadCount);
    const previous = readHistoryEntry(port.readState());
    const isOurs = previous !== null && isLoadOfDocument(previous.load, documentKey);
    const workspace = workspaceOf(state);
    const isAdopting = adoptFor !== null && isLoadAskedFor(state, adoptFor);
    const isSameWorkspace = isOurs && workspace !== null && workspace === currentWorkspace;
    adoptFor = null;
    currentLoad = load;
    currentWorkspace = workspace;
    isOnGuard = false;
    if (isAdopting) {
      currentPlace = ++placeCount;
      port.replace(makePlaceEntry(load, currentPlace), null);
      const aimed = aimedSeq(state);
      if (aimed !== null) seqByPlace.set(currentPlace, aimed);
      scheduleHashWrite();
      return;
    }
    if (!isSameWorkspace) {
      const guard = makeGuardEntry(load);
      if (isOurs) port.push(guard, null);
      else port.replace(guard, null);
    }
    // The cursor may still move as the load ends (to the last event, to a permalink's seq): the URL
    // stays as it is (a permalink's, until then) and the debounced write puts where it rests. Another
    // session of the workspace gets its own hash at once: the URL still names the session left, and
    // a Back before the debounced write (which popstate cancels) would leave this entry naming it, so
    // Forward would land in the old session.
    pushPlace(load, aimedSeq(state), isSameWorkspace ? hashOf(aimedSeq(state)) : null);
    scheduleHashWrite();
  };

  const recordJump = (state: ViewerState) => {
    const jump = state.lastJump;
    if (jump === null || currentLoad === null || currentPlace === null || isOnGuard) return;
    cancelHashWrite();
    if (jump.fromSeq !== null) {
      seqByPlace.set(currentPlace, jump.fromSeq);
      port.replace(makePlaceEntry(currentLoad, currentPlace), hashOf(jump.fromSeq));
    }
    pushPlace(currentLoad, jump.toSeq, hashOf(jump.toSeq));
    setAsking(false);
  };

  /** An entry that is not one of this log's: read as a permalink (as on start). */
  const applyForeignEntry = () => {
    const link = parsePermalinkHash(port.readHash());
    const state = store.getState();
    const loadedSession = state.summary?.sessionId ?? null;
    const loadedKey = state.summary?.contentKey ?? null;
    const jump = { seq: link.seq, sessionId: link.sessionId, logKey: link.logKey };
    // Another log: named by its content key (an old link, by the session id alone).
    const isOtherLog =
      link.logKey !== null
        ? link.logKey !== loadedKey
        : link.sessionId !== null && link.sessionId !== loadedSession;
    if (isOtherLog) {
      // A compare link pasted into the address bar: it starts once its session is open and read.
      const notices = [...link.notices, ...requestLinkedCompare(store, port.readHash(), link)];
      if (parseCompareLink(port.readHash()).compare === null && compareLinkOf(state) !== null)
        state.actions.closeCompare();
      currentPlace = null;
      adoptFor = { sessionId: link.sessionId, logKey: link.logKey };
      state.actions.requestJump(jump, notices);
      // Another session of a workspace (Back across a parent → child link): the workspace opens it.
      if (link.sessionId !== null && isWorkspaceHash(link))
        void state.actions.followWorkspaceLink(workspaceLinkOf(link, link.sessionId));
      else void state.actions.reopenLink({ logKey: link.logKey, sessionId: link.sessionId });
      return;
    }
    // Same log: the entry becomes one of its places (Back from it returns to the place before),
    // before the cursor moves there, so the move is remembered for this entry; its compare applies.
    // Until then no place is current, so the compare applied is not recorded as a change of one.
    const isPlace = currentLoad !== null && state.loadState === 'ready';
    if (isPlace) currentPlace = null;
    const notices = [...link.notices, ...applyEntryCompare(store, port.readHash())];
    if (isPlace && currentLoad !== null) {
      currentPlace = ++placeCount;
      port.replace(makePlaceEntry(currentLoad, currentPlace), null);
      const aimed = aimedSeq(state);
      if (aimed !== null) seqByPlace.set(currentPlace, aimed);
      scheduleHashWrite();
    }
    if (link.seq !== null || notices.length > 0) state.actions.requestJump(jump, notices);
  };

  /**
   * Writes the place the reader is leaving (the store's `previous` state still shows its log) if
   * its hash write is pending, so Back to it from another log lands where the reader left it.
   */
  const flushLeavingPlace = (previous: ViewerState) => {
    const isPending = hashTimer !== null;
    cancelHashWrite();
    if (!isPending || currentLoad === null || currentPlace === null) return;
    const seq = aimedSeq(previous);
    if (seq !== null) seqByPlace.set(currentPlace, seq);
    // openWorkspaceSession names the next session before its log replaces this one: the link is
    // to the session still shown.
    const shown =
      currentWorkspace === null
        ? previous
        : { ...previous, workspaceSessionId: previous.summary?.sessionId ?? null };
    port.replace(makePlaceEntry(currentLoad, currentPlace), placeHashOf(shown, seq));
    knownHash = port.readHash();
  };

  /** The open compare changed: a new entry, a hash rewrite, or nothing (history-compare.ts). */
  const recordCompareChange = (state: ViewerState, previous: ViewerState) => {
    if (currentLoad === null || currentPlace === null || isOnGuard) return;
    const change = compareChangeOf(state, previous, port.readHash());
    if (change === 'push') {
      cancelHashWrite();
      pushPlace(currentLoad, aimedSeq(state), hashOf(aimedSeq(state)));
      setAsking(false);
    } else if (change === 'rewrite') scheduleHashWrite();
  };

  const unsubscribe = store.subscribe((state, previous) => {
    // A switch to a kept workspace session (load-slice.ts switchToKept) replaces the open log with no
    // loading in between: its entries start now, as a load's do when it is ready.
    if (
      state.loadState === 'ready' &&
      previous.loadState === 'ready' &&
      state.summary !== null &&
      previous.summary !== null &&
      (state.summary.contentKey !== previous.summary.contentKey ||
        state.summary.sessionId !== previous.summary.sessionId)
    ) {
      flushLeavingPlace(previous);
      install(state);
    }
    if (state.loadState !== previous.loadState) {
      if (state.loadState === 'ready' && state.summary !== null) install(state);
      else if (previous.loadState === 'ready') {
        // Another log is loading (or the worker stopped): its entries start when it is ready.
        flushLeavingPlace(previous);
        currentLoad = null;
        currentPlace = null;
        setAsking(false);
      }
    }
    if (state.lastJump !== previous.lastJump) recordJump(state);
    recordCompareChange(state, previous);
    if (state.cursorSeq !== previous.cursorSeq && state.cursorSeq !== null) {
      if (currentPlace !== null) seqByPlace.set(currentPlace, state.cursorSeq);
      if (currentLoad !== null) scheduleHashWrite();
      setAsking(false);
    }
  });

  return {
    onPopState(state) {
      // A write pending for the entry the page left would land on this one.
      cancelHashWrite();
      if (leaveTimer !== null) clearTimeout(leaveTimer);
      leaveTimer = null;
      knownHash = port.readHash();
      const entry = readHistoryEntry(state);
      const isReturn = isReturningFromGuard;
      isReturningFromGuard = false;
      isOnGuard = false;
      // Any guard of this page is the bottom of what it opened: a workspace's sessions share one.
      const isOurGuard = entry?.kind === 'guard' && isLoadOfDocument(entry.load, documentKey);
      if (entry !== null && (entry.load === currentLoad || isOurGuard)) {
        if (entry.kind === 'guard') {
          isOnGuard = true;
          isReturningFromGuard = true;
          currentPlace = null;
          setAsking(true);
          port.go(1);
          return;
        }
        currentPlace = entry.place;
        if (!isReturn) setAsking(false);
        const seq = seqByPlace.get(entry.place) ?? parsePermalinkHash(port.readHash()).seq;
        if (seq !== null) store.getState().actions.setCursor(seq, 'history');
        const notices = applyEntryCompare(store, port.readHash());
        if (notices.length > 0) store.getState().actions.showNotice(notices.join(' '));
        return;
      }
      setAsking(false);
      applyForeignEntry();
    },
    onHashChange() {
      if (port.readHash() === knownHash) return;
      knownHash = port.readHash();
      applyForeignEntry();
    },
    leave() {
      setAsking(false);
      // From the first place: past the guard to whatever came before the log.
      port.go(-2);
      leaveTimer = setTimeout(() => {
        leaveTimer = null;
        store.getState().actions.showNotice('Nothing comes before this log in this tab: it stays open.');
      }, LEAVE_WAIT_MS);
    },
    stay() {
      setAsking(false);
    },
    shouldBlockUnload: () => isOnGuard,
    dispose() {
      unsubscribe();
      cancelHashWrite();
      if (leaveTimer !== null) clearTimeout(leaveTimer);
    },
  };
}
