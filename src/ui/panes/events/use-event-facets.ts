// The events pane's facet selection and what the worker answers for it: every facet's counts and
// the narrowed seqs (src/log/projections/facet-query.ts). The selection is the pane's own: it is
// forgotten with the log it was made for.
import { useCallback, useState } from 'react';
import {
  isEmptySelection,
  type FacetCounts,
  type FacetName,
  type FacetSelection,
} from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { useHeldAnswer } from '../../shared/use-held-answer.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';

/** A value of any facet: a type, tool, status or source name, or a turn number. */
export type FacetValue = string | number;

export interface EventFacets {
  /** Facets answer once the log is read (or the part read, when the reader stopped the load). */
  isAvailable: boolean;
  selection: FacetSelection;
  isNarrowed: boolean;
  /**
   * The seqs the list shows (ascending): null when nothing is selected (every event) or before the
   * first answer for this log. While a newer selection is asked for, the last answer stays here.
   */
  seqs: Int32Array | null;
  /** Every facet's counts (see FacetCounts), once asked for (askCounts); the last answer while the next is asked for. */
  counts: FacetCounts | null;
  /** False while `seqs` / `counts` are an older selection's (show them dimmed). */
  isCurrent: boolean;
  /** A failed question's message, or null. */
  error: string | null;
  /** Adds `value` to facet `facet`'s selection, or removes it. */
  toggleValue: (facet: FacetName, value: FacetValue) => void;
  clearFacet: (facet: FacetName) => void;
  clearAll: () => void;
  /** Asks for the counts from now on (the facet panel opened). */
  askCounts: () => void;
}

const NO_SELECTION: FacetSelection = {};

/**
 * The facets of the open log. `candidates` (ascending seqs, e.g. a search's matches) narrows the
 * counts and the list further when given; keep the array the same while it does not change.
 */
export function useEventFacets(candidates?: Int32Array): EventFacets {
  const client = useViewer((state) => state.client);
  const logGeneration = useViewer((state) => state.logGeneration);
  const isAvailable = useViewer((state) => state.loadState === 'ready');
  const [state, setState] = useState({ log: logGeneration, selection: NO_SELECTION, wantsCounts: false });
  const isThisLog = state.log === logGeneration;
  const selection = isThisLog ? state.selection : NO_SELECTION;
  const wantsCounts = isThisLog && state.wantsCounts;
  const isNarrowed = !isEmptySelection(selection) || candidates !== undefined;

  const update = useCallback(
    (change: (selection: FacetSelection) => FacetSelection) =>
      setState((previous) => {
        const base =
          previous.log === logGeneration
            ? previous
            : { log: logGeneration, selection: NO_SELECTION, wantsCounts: false };
        return { ...base, selection: change(base.selection) };
      }),
    [logGeneration],
  );
  const toggleValue = useCallback(
    (facet: FacetName, value: FacetValue) =>
      update((current) => {
        const values = (current[facet] ?? []) as readonly FacetValue[];
        const next = values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
        return { ...current, [facet]: next };
      }),
    [update],
  );
  const clearFacet = useCallback(
    (facet: FacetName) => update((current) => ({ ...current, [facet]: [] })),
    [update],
  );
  const clearAll = useCallback(() => update(() => NO_SELECTION), [update]);
  const askCounts = useCallback(
    () =>
      setState((previous) =>
        previous.log === logGeneration && previous.wantsCounts
          ? previous
          : {
              log: logGeneration,
              selection: previous.log === logGeneration ? previous.selection : NO_SELECTION,
              wantsCounts: true,
            },
      ),
    [logGeneration],
  );

  const seqsAnswer = useWorkerQuery(
    () => client.query({ kind: 'filter', selection, candidates }),
    [client, selection, candidates],
    { log: logGeneration, shouldAsk: isAvailable && isNarrowed },
  );
  const countsAnswer = useWorkerQuery(
    () => client.query({ kind: 'facets', selection, candidates }),
    [client, selection, candidates],
    { log: logGeneration, shouldAsk: isAvailable && (wantsCounts || isNarrowed) },
  );
  const heldSeqs = useHeldAnswer(seqsAnswer, logGeneration);
  const heldCounts = useHeldAnswer(countsAnswer, logGeneration);
  const failed = [seqsAnswer, countsAnswer].find((answer) => answer.status === 'failed');
  return {
    isAvailable,
    selection,
    isNarrowed,
    seqs: isNarrowed ? (heldSeqs?.value ?? null) : null,
    counts: heldCounts?.value ?? null,
    isCurrent: (!isNarrowed || heldSeqs?.isCurrent === true) && heldCounts?.isCurrent !== false,
    error: failed?.status === 'failed' ? failed.message : null,
    toggleValue,
    clearFacet,
    clearAll,
    askCounts,
  };
}
