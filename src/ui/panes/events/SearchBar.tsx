// The search box of the events pane: one query finds every match of a text (the worker's text
// index), then Enter / Shift+Enter step to the next / previous match from the cursor without another
// round trip, wrapping at either end with a notice, and "k of N" says where the cursor is among them.
// The searched text goes to the store, which every pane highlights (shell/SearchHighlights.tsx).
import { useEffect, useRef, useState } from 'react';
import { matchIndexOf, stepMatch } from '../../../log/index.ts';
import { aimedSeq } from '../../../store/cursor/cursor-slice.ts';
import type { SearchMatches } from '../../../store/search-slice.ts';
import { useViewer, useViewerStoreApi } from '../../../store/use-viewer.ts';
import type { TextIndexStatus } from '../../../worker/client.ts';
import { formatCount } from '../../shared/format.ts';

/** How often the bar asks how far the text index is, until it is ready (ms). */
const STATUS_POLL_MS = 400;

/** What the bar says about the index while it is not ready, or null once it is. */
function describeStatus(status: TextIndexStatus | null): string | null {
  if (status === null) return null;
  switch (status.state) {
    case 'waiting-for-log':
      return 'search waits for the log to load…';
    case 'indexing':
      return `indexing text… ${Math.floor(status.progress * 100)}%`;
    case 'failed':
      return `search unavailable: ${status.message}`;
    case 'ready':
      return null;
  }
}

export function SearchBar() {
  const store = useViewerStoreApi();
  const client = useViewer((state) => state.client);
  const actions = useViewer((state) => state.actions);
  const hasLog = useViewer((state) => state.summary !== null);
  const logGeneration = useViewer((state) => state.logGeneration);
  const [text, setText] = useState('');
  const matches = useViewer((state) => state.searchMatches);
  const setMatches = (found: SearchMatches | null) => actions.setSearchMatches(found);
  const [note, setNote] = useState<string | null>(null);
  const [status, setStatus] = useState<TextIndexStatus | null>(null);
  /** Identifies the newest search: answers to older ones are dropped. */
  const searchIdRef = useRef(0);

  // Until the index of the open log is ready, ask how far it is (cheap: the worker answers between slices).
  useEffect(() => {
    setStatus(null);
    if (!hasLog) return;
    let isCurrent = true;
    let timer = 0;
    const poll = () => {
      client.query({ kind: 'text-index-status' }).then(
        (answer) => {
          if (!isCurrent) return;
          setStatus(answer);
          if (answer.state !== 'ready' && answer.state !== 'failed')
            timer = window.setTimeout(poll, STATUS_POLL_MS);
        },
        () => {
          if (isCurrent) timer = window.setTimeout(poll, STATUS_POLL_MS);
        },
      );
    };
    poll();
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [client, hasLog, logGeneration]);

  const current = matches !== null && matches.logGeneration === logGeneration ? matches : null;

  // A search taken up from elsewhere (a hit of the search across a workspace): the text shows here,
  // its matches are found in the log that hit opened, and the hit's seq is the current match. The
  // cursor stays where the hit put it. Asked once that log is shown: during its load the worker
  // still answers about the log before.
  const request = useViewer((state) => state.searchRequest);
  const isReady = useViewer((state) => state.loadState === 'ready');
  const takenRequestRef = useRef(0);
  useEffect(() => {
    if (request === null || !isReady || takenRequestRef.current === request.id) return;
    takenRequestRef.current = request.id;
    setText(request.text);
    setNote('searching…');
    const searchId = ++searchIdRef.current;
    client.query({ kind: 'text-search', text: request.text }).then(
      (answer) => {
        if (searchId !== searchIdRef.current) return;
        actions.setSearchMatches({ ...answer, logGeneration: store.getState().logGeneration });
        setNote(null);
        const isMatch = matchIndexOf(answer.seqs, request.atSeq) >= 0;
        actions.setSearchHighlight({ text: answer.text, currentSeq: isMatch ? request.atSeq : null });
      },
      (error: unknown) => {
        if (searchId === searchIdRef.current)
          setNote(error instanceof Error ? error.message : 'search failed');
      },
    );
  }, [request, isReady, logGeneration, client, store, actions]);

  const goTo = (found: SearchMatches, direction: 1 | -1) => {
    const step = stepMatch(found.seqs, aimedSeq(store.getState()) ?? -1, direction);
    if (step === null) {
      setNote('no match');
      actions.setSearchHighlight(null);
      return;
    }
    setNote(
      step.wrapped ? (direction === 1 ? 'wrapped to the first match' : 'wrapped to the last match') : null,
    );
    actions.setSearchHighlight({ text: found.text, currentSeq: step.seq });
    actions.selectEvent(step.seq);
  };

  const run = (direction: 1 | -1) => {
    const query = text.trim();
    if (query === '') return;
    if (current !== null && current.text === query) {
      goTo(current, direction);
      return;
    }
    const searchId = ++searchIdRef.current;
    setNote('searching…');
    client.query({ kind: 'text-search', text: query }).then(
      (answer) => {
        if (searchId !== searchIdRef.current) return;
        // The worker answers about the log open when the index is ready (a search sent during a load
        // waits for it): the matches belong to the log the store has now.
        const found = { ...answer, logGeneration: store.getState().logGeneration };
        setMatches(found);
        goTo(found, direction);
      },
      (error: unknown) => {
        if (searchId !== searchIdRef.current) return;
        setNote(error instanceof Error ? error.message : 'search failed');
      },
    );
  };

  const clear = () => {
    searchIdRef.current += 1;
    setMatches(null);
    setNote(null);
    actions.setSearchHighlight(null);
  };

  // Until the index is ready its progress shows; that the log is still loading only while a search
  // waits for it. Not a live region: a percentage every 400 ms would be read out every time.
  const statusNote =
    status?.state === 'waiting-for-log' && note !== 'searching…' ? null : describeStatus(status);

  return (
    <div
      className="ml-auto flex items-center gap-2"
      role="search"
      // For the benchmark and e2e: how far the text index is, and how long its build took.
      data-index-state={status?.state ?? 'unknown'}
      data-index-build-ms={status?.state === 'ready' ? Math.round(status.buildMs) : undefined}
    >
      <input
        type="search"
        value={text}
        placeholder="Search text… (⏎ next, ⇧⏎ back)"
        aria-label="Search events"
        onChange={(event) => {
          setText(event.target.value);
          clear();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            run(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape' && text !== '') {
            event.stopPropagation();
            setText('');
            clear();
          }
        }}
        className="w-56 rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-xs dark:border-zinc-600 dark:bg-zinc-800"
      />
      {current !== null && current.seqs.length > 0 && <MatchCount seqs={current.seqs} />}
      {statusNote !== null && (
        <span className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="search-index-note">
          {statusNote}
        </span>
      )}
      <span className="text-xs text-zinc-600 dark:text-zinc-400" role="status" data-testid="search-note">
        {note ?? ''}
      </span>
    </div>
  );
}

/**
 * Where the cursor is among the matches: "k of N" on a match, "N matches" elsewhere. Its own
 * component: only it follows the cursor (a scrub re-renders this line, not the bar).
 */
function MatchCount({ seqs }: { seqs: Int32Array }) {
  const cursorSeq = useViewer((state) => state.cursorSeq);
  const index = cursorSeq === null ? -1 : matchIndexOf(seqs, cursorSeq);
  const total = formatCount(seqs.length);
  return (
    <span className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400" data-testid="search-count">
      {index >= 0
        ? `${formatCount(index + 1)} of ${total}`
        : `${total} match${seqs.length === 1 ? '' : 'es'}`}
    </span>
  );
}
