// The page's side of the workspace sessions the worker keeps opened (src/worker/kept-logs.ts): for
// each, its summary (a few KB plus its turns) and where the reader left the cursor, so a switch back
// shows it at once. Only for the ids the worker last said it keeps, so it is bounded by the
// worker's bound (3 logs).

import type { FormatVerdicts } from '../log/index.ts';
import type { LoadProgress, LogSummary } from '../worker/client.ts';

export interface KeptSummary {
  summary: LogSummary;
  progress: LoadProgress | null;
  sourceName: string;
  /** The cursor when the reader left it, or null before they did. */
  cursorSeq: number | null;
  /** Its format verdicts once they came (null: the reader left before they did). */
  formatVerdicts: FormatVerdicts | null;
}

export class KeptSessions {
  private readonly byId = new Map<string, KeptSummary>();
  /** The workspace session the open (or loading) log is, or null for any other log. */
  openId: string | null = null;

  get(id: string): KeptSummary | undefined {
    return this.byId.get(id);
  }

  /** What the worker said it keeps now: the others are forgotten; `loaded` is kept if among them. */
  follow(ids: readonly string[], loaded?: { id: string; entry: KeptSummary }): void {
    const wanted = new Set(ids);
    for (const id of [...this.byId.keys()]) if (!wanted.has(id)) this.byId.delete(id);
    if (loaded !== undefined && wanted.has(loaded.id)) this.byId.set(loaded.id, loaded.entry);
  }

  /** Before the page leaves the open session: where its cursor was, for a switch back. */
  rememberCursor(cursorSeq: number | null): void {
    const kept = this.openId === null ? undefined : this.byId.get(this.openId);
    if (kept !== undefined) kept.cursorSeq = cursorSeq;
  }

  setVerdicts(id: string, verdicts: FormatVerdicts): void {
    const kept = this.byId.get(id);
    if (kept !== undefined) kept.formatVerdicts = verdicts;
  }

  drop(id: string): void {
    this.byId.delete(id);
  }

  clear(): void {
    this.byId.clear();
  }
}
