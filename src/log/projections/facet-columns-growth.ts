// The facet columns of a log that grows (issue 22: a followed log): each append extends the columns
// instead of building them again. What an event has once (its turn, its source: one line parse per
// user/message) is computed only for the new events; what earlier events can still gain (a call's
// status once its result lands, a problem) is laid again from the call, approval and problem lists
// — a fill of the status column and one pass over those lists, never a pass over the events' lines.
// At every point the columns equal buildFacetColumns of the same log (facet-columns-growth.test.ts).

import { Column } from '../base/columns.ts';
import type { OpenedLog } from '../open/opened-log.ts';
import type { LogStore } from '../storage/log-store.ts';
import {
  EVENT_SOURCES,
  markToolStatuses,
  sourceOfType,
  sourceOfUserMessage,
  type FacetColumns,
} from './facet-columns.ts';

/** The facet columns of one store's events, extended as the store grows. */
export class FacetColumnsGrowth {
  private count = 0;
  private readonly turnId = new Column(Int32Array);
  private turnNumbers: number[] = [];
  private readonly turnIdOf = new Map<number, number>();
  private readonly source = new Column(Uint8Array);
  /** Per stored type id: its source, or -1 when the event decides (a user/message). */
  private readonly sourceByType: number[] = [];
  private readonly toolId = new Column(Int32Array);
  private readonly status = new Column(Uint8Array);
  private columns: FacetColumns | null = null;
  private lastLog: OpenedLog | null = null;

  constructor(readonly store: LogStore) {}

  /** The columns of `log` (whose store is this one's) as it stands, extended from the last call. */
  extend(log: OpenedLog): FacetColumns {
    const { store, index } = log;
    if (store !== this.store) throw new Error('FacetColumnsGrowth: another store');
    const eventCount = Math.min(store.eventCount, index.turnOf.length);
    // One settled log is one state: asked again, the same columns.
    if (this.columns !== null && log === this.lastLog) return this.columns;
    const from = this.count;
    this.extendTurns(log, from, eventCount);
    this.extendSources(log, from, eventCount);
    this.toolId.fill(0, eventCount - this.toolId.length);
    this.status.fill(0, eventCount - this.status.length);
    const toolId = this.toolId.view();
    const status = this.status.view();
    toolId.fill(0);
    status.fill(0);
    const toolNames = markToolStatuses(log, eventCount, toolId, status);
    this.count = eventCount;
    this.lastLog = log;
    this.columns = {
      eventCount,
      typeId: store.eventType.view().subarray(0, eventCount),
      typeNames: store.typeNames.slice(),
      turnId: this.turnId.view(),
      turnNumbers: Int32Array.from(this.turnNumbers),
      toolId,
      toolNames,
      status,
      source: this.source.view(),
    };
    return this.columns;
  }

  private extendTurns(log: OpenedLog, from: number, to: number): void {
    const turnOf = log.index.turnOf.view();
    let isOutOfOrder = false;
    let previousTurn = Number.NaN;
    let currentId = 0;
    for (let seq = from; seq < to; seq++) {
      const turn = turnOf[seq] as number;
      if (turn !== previousTurn) {
        let id = this.turnIdOf.get(turn);
        if (id === undefined) {
          // Turn numbers stay ascending: a smaller one than the largest seen renumbers them all.
          if (this.turnNumbers.length > 0 && turn < (this.turnNumbers.at(-1) as number)) isOutOfOrder = true;
          id = this.turnNumbers.length;
          this.turnNumbers.push(turn);
          this.turnIdOf.set(turn, id);
        }
        currentId = id;
        previousTurn = turn;
      }
      this.turnId.push(currentId);
    }
    if (!isOutOfOrder) return;
    this.turnNumbers.sort((a, b) => a - b);
    this.turnIdOf.clear();
    this.turnNumbers.forEach((turn, id) => this.turnIdOf.set(turn, id));
    const ids = this.turnId.view();
    for (let seq = 0; seq < to; seq++) ids[seq] = this.turnIdOf.get(turnOf[seq] as number) ?? 0;
  }

  private extendSources(log: OpenedLog, from: number, to: number): void {
    const { store } = log;
    for (let id = this.sourceByType.length; id < store.typeNames.length; id++) {
      const source = sourceOfType(store.typeNames[id] as string);
      this.sourceByType.push(source === null ? -1 : EVENT_SOURCES.indexOf(source));
    }
    const typeId = store.eventType.view();
    for (let seq = from; seq < to; seq++) {
      const bySource = this.sourceByType[typeId[seq] as number] as number;
      this.source.push(bySource >= 0 ? bySource : EVENT_SOURCES.indexOf(sourceOfUserMessage(log, seq)));
    }
  }
}
