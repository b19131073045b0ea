// Replay: while playing, advances the cursor one event at a time at the log's own pace (from each
// event's `time`), with long gaps compressed, times the chosen speed.
import { useEffect } from 'react';
import { aimedSeq } from '../../store/cursor/cursor-slice.ts';
import type { ViewerStore } from '../../store/viewer-store.ts';

/** A gap between two events never waits longer than this (ms of wall time, before the speed factor). */
const PLAYBACK_GAP_MAX_MS = 1_000;
/** The shortest wait per frame; several events are applied per frame when they are closer than this. */
const FRAME_MS = 16;
const TIMES_BLOCK = 512;

/** The wall-clock wait before the event after one at `fromTime`, at `speed` (>0). Pure. */
function computePlaybackDelayMs(fromTime: number, toTime: number, speed: number): number {
  const gap = Number.isFinite(toTime - fromTime) ? Math.max(0, toTime - fromTime) : 0;
  return Math.min(gap, PLAYBACK_GAP_MAX_MS) / Math.max(0.01, speed);
}

/** Runs playback while `isPlaying` is set in the store; stops at the last event. */
export function usePlayback(store: ViewerStore): void {
  useEffect(() => {
    let timer: number | null = null;
    let times: { start: number; values: number[] } | null = null;
    let isStopped = false;

    const loadTimes = async (seq: number) => {
      const { client, summary } = store.getState();
      if (!summary) return;
      const count = Math.min(TIMES_BLOCK, summary.eventCount - seq);
      const seqs = Array.from({ length: count }, (_, index) => seq + index);
      times = { start: seq, values: await client.query({ kind: 'times', seqs }) };
    };

    const timeAt = (seq: number): number | null => {
      if (!times || seq < times.start || seq >= times.start + times.values.length) return null;
      return times.values[seq - times.start] ?? null;
    };

    const tick = async () => {
      timer = null;
      const state = store.getState();
      // From where the cursor is going: the previous frame's move may still wait for its model view.
      const from = aimedSeq(state);
      if (isStopped || !state.isPlaying || !state.summary || from === null) return;
      const last = state.summary.eventCount - 1;
      let seq = from;
      if (seq >= last) {
        state.actions.setPlaying(false);
        return;
      }
      let waited = 0;
      // Apply every event that falls within one frame, then wait for the next one.
      while (seq < last && waited < FRAME_MS) {
        if (timeAt(seq) === null || timeAt(seq + 1) === null) {
          try {
            await loadTimes(seq);
          } catch {
            // The log went away (another file was opened): stop quietly.
            store.getState().actions.setPlaying(false);
            return;
          }
        }
        waited += computePlaybackDelayMs(
          timeAt(seq) ?? 0,
          timeAt(seq + 1) ?? 0,
          store.getState().playbackSpeed,
        );
        seq += 1;
      }
      if (isStopped || !store.getState().isPlaying) return;
      store.getState().actions.setCursor(seq);
      timer = window.setTimeout(() => void tick(), Math.max(FRAME_MS, waited));
    };

    const unsubscribe = store.subscribe((state, previous) => {
      if (state.isPlaying && !previous.isPlaying && timer === null) {
        // Playing from the last event restarts from the first.
        if (state.summary && state.cursorSeq !== null && state.cursorSeq >= state.summary.eventCount - 1)
          state.actions.setCursor(0);
        timer = window.setTimeout(() => void tick(), 0);
      }
      if (!state.isPlaying && timer !== null) {
        window.clearTimeout(timer);
        timer = null;
      }
    });
    return () => {
      isStopped = true;
      unsubscribe();
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [store]);
}
