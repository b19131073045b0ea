// What the viewer keeps in `history.state`: which loaded log an entry belongs to, and whether it is
// a place of that log or the guard below its first place. Pure; the entries' seqs live in their URL
// hash (permalink.ts), so an entry reloaded or copied says the same as one walked back to.

/** Marks the states this app wrote, so an entry of another app or of none reads as not ours. */
const APP_MARK = 'dsh-replay';

/**
 * The entry below a loaded log's first place. Back from the first place lands here: the viewer asks
 * before leaving the log and goes forward again, so the log stays.
 */
interface GuardEntry {
  app: typeof APP_MARK;
  kind: 'guard';
  /** The load the entry belongs to (see makeLoadKey). */
  load: string;
}

/** A place the reader jumped to (or started at) in a loaded log; the seq is in the entry's hash. */
interface PlaceEntry {
  app: typeof APP_MARK;
  kind: 'place';
  load: string;
  /** Identifies the place within its load, so the viewer can remember where the reader left it. */
  place: number;
}

export type HistoryEntry = GuardEntry | PlaceEntry;

/**
 * A key for one load of a log in one page: `document` is random per page (entries survive a reload,
 * the page's memory does not), `load` counts the logs this page has opened.
 */
export function makeLoadKey(document: string, load: number): string {
  return `${document}:${load}`;
}

/** Whether `loadKey` is a load of the page whose document key is `document`. */
export function isLoadOfDocument(loadKey: string, document: string): boolean {
  return loadKey.startsWith(`${document}:`);
}

export function makeGuardEntry(load: string): GuardEntry {
  return { app: APP_MARK, kind: 'guard', load };
}

export function makePlaceEntry(load: string, place: number): PlaceEntry {
  return { app: APP_MARK, kind: 'place', load, place };
}

/** Reads a `history.state`; anything this app did not write (null, another shape) is null. */
export function readHistoryEntry(state: unknown): HistoryEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const entry = state as Record<string, unknown>;
  if (entry.app !== APP_MARK || typeof entry.load !== 'string') return null;
  if (entry.kind === 'guard') return makeGuardEntry(entry.load);
  if (entry.kind === 'place' && typeof entry.place === 'number' && Number.isSafeInteger(entry.place))
    return makePlaceEntry(entry.load, entry.place);
  return null;
}
