// Follows the cursor with the worker's model view: at most one request in flight, the newest cursor
// wins, recent answers cached, message bodies fetched only for what is shown.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModelMessageDetail, ModelView } from '../../../log/index.ts';
import { LruCache } from '../../../store/lru-cache.ts';
import type { ViewerStore } from '../../../store/viewer-store.ts';
import type { LogClient } from '../../../worker/client.ts';

const MODEL_VIEWS_CACHED = 64;
const MESSAGE_BODIES_CACHED = 4_000;

/**
 * The model view at `seq` (the last answered one while a newer request runs), and its error. With
 * `store`, a cursor move asks the worker at once, from the store's change callback (inside the input
 * event, before React renders the move), instead of after the panes' render and effects.
 */
export function useModelView(client: LogClient, seq: number | null, generation: number, store?: ViewerStore) {
  const cacheRef = useRef(new LruCache<number, ModelView>(MODEL_VIEWS_CACHED));
  const wantedRef = useRef<number | null>(seq);
  const inFlightRef = useRef(false);
  const [view, setView] = useState<ModelView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    cacheRef.current.clear();
  }, [generation]);

  const pump = useCallback(() => {
    if (inFlightRef.current) return;
    const wanted = wantedRef.current;
    if (wanted === null) return;
    const cached = cacheRef.current.get(wanted);
    if (cached) {
      setView(cached);
      return;
    }
    inFlightRef.current = true;
    client.query({ kind: 'model-view', seq: wanted }).then(
      (result) => {
        inFlightRef.current = false;
        cacheRef.current.set(wanted, result);
        setError(null);
        if (wantedRef.current === wanted) setView(result);
        else pump();
      },
      (reason: unknown) => {
        inFlightRef.current = false;
        setError(reason instanceof Error ? reason.message : String(reason));
        if (wantedRef.current !== wanted) pump();
      },
    );
  }, [client]);

  useEffect(() => {
    wantedRef.current = seq;
    if (seq === null) setView(null);
    else pump();
  }, [seq, generation, pump]);

  useEffect(() => {
    if (!store) return;
    return store.subscribe((state, previous) => {
      if (state.cursorSeq === previous.cursorSeq || state.cursorSeq === null) return;
      // Same generation only: a new log clears the cache in the effects above first.
      if (state.logGeneration !== previous.logGeneration) return;
      wantedRef.current = state.cursorSeq;
      pump();
    });
  }, [store, pump]);

  return { view, error };
}

/** Message bodies by seq: `get` returns the cached body or null, `request` fetches the missing ones. */
export function useMessageBodies(client: LogClient, generation: number) {
  const cacheRef = useRef(new LruCache<number, ModelMessageDetail>(MESSAGE_BODIES_CACHED));
  const inFlightRef = useRef(new Set<number>());
  const [, setVersion] = useState(0);

  useEffect(() => {
    cacheRef.current.clear();
    inFlightRef.current.clear();
    setVersion((version) => version + 1);
  }, [generation]);

  const request = useCallback(
    (seqs: readonly number[]) => {
      const missing = seqs.filter((seq) => !cacheRef.current.get(seq) && !inFlightRef.current.has(seq));
      if (missing.length === 0) return;
      for (const seq of missing) inFlightRef.current.add(seq);
      client.query({ kind: 'messages', seqs: missing }).then(
        (details) => {
          for (const detail of details) cacheRef.current.set(detail.seq, detail);
          for (const seq of missing) inFlightRef.current.delete(seq);
          setVersion((version) => version + 1);
        },
        () => {
          // Left as loading placeholders; the next scroll or cursor move asks again.
          for (const seq of missing) inFlightRef.current.delete(seq);
        },
      );
    },
    [client],
  );

  const get = useCallback((seq: number) => cacheRef.current.get(seq) ?? null, []);
  return { get, request };
}
