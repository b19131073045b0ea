// Highlights the last searched text wherever a pane shows it (the event rows, the event detail, the
// model view) with the CSS Custom Highlight API: Ranges over the text nodes inside every element
// marked `data-search-scope`, registered as two highlights (styles.css): every match, and the ones
// inside the current match's event. Nothing in the DOM React owns is touched, so it works inside
// rendered markdown and log text stays text. Re-applied (once a frame at most) when a scope's
// content changes: a virtual list scrolling in rows, a message body arriving.
import { useEffect } from 'react';
import { useViewer } from '../../store/use-viewer.ts';
import type { SearchHighlight } from '../../store/search-slice.ts';
import { findTextMatches } from '../../log/index.ts';

/** The registry names styles.css styles (`::highlight(…)`); e2e reads them too (e2e/search.spec.ts). */
const MATCH_HIGHLIGHT = 'search-match';
const CURRENT_MATCH_HIGHLIGHT = 'search-current';

/** What marks a pane's part whose text is searched (the events list, the detail, the model view). */
const SCOPE_SELECTOR = '[data-search-scope]';

/** Ranges of one paint above this stop the walk: a huge detail does not freeze the page. */
const MAX_RANGES = 5_000;

function supportsHighlights(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
}

/** Builds the two highlights from the text now in the scopes. */
function paint(highlight: SearchHighlight): void {
  const needle = highlight.text.toLowerCase();
  const all = new Highlight();
  const current = new Highlight();
  const currentSelector = highlight.currentSeq === null ? null : `[data-seq="${highlight.currentSeq}"]`;
  let count = 0;
  for (const scope of document.querySelectorAll(SCOPE_SELECTOR)) {
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null && count < MAX_RANGES; node = walker.nextNode()) {
      const matches = findTextMatches(node.nodeValue ?? '', needle);
      if (matches.length === 0) continue;
      const isCurrent = currentSelector !== null && node.parentElement?.closest(currentSelector) != null;
      for (const [start, end] of matches) {
        const range = new Range();
        range.setStart(node, start);
        range.setEnd(node, end);
        (isCurrent ? current : all).add(range);
        count += 1;
      }
    }
  }
  CSS.highlights.set(MATCH_HIGHLIGHT, all);
  CSS.highlights.set(CURRENT_MATCH_HIGHLIGHT, current);
}

/** Whether an added node is a scope or holds one (a pane mounting). */
function holdsScope(node: Node): boolean {
  return (
    node instanceof Element && (node.matches(SCOPE_SELECTOR) || node.querySelector(SCOPE_SELECTOR) !== null)
  );
}

function clear(): void {
  CSS.highlights.delete(MATCH_HIGHLIGHT);
  CSS.highlights.delete(CURRENT_MATCH_HIGHLIGHT);
}

/** Renders nothing: keeps the page's search highlights in step with the store's searchHighlight. */
export function SearchHighlights() {
  const highlight = useViewer((state) => state.searchHighlight);
  useEffect(() => {
    if (!supportsHighlights()) return;
    if (highlight === null || highlight.text === '') {
      clear();
      return;
    }
    let frame = 0;
    const schedule = () => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          paint(highlight);
        });
    };
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        if (target?.closest(SCOPE_SELECTOR) != null || [...record.addedNodes].some(holdsScope)) {
          schedule();
          return;
        }
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    schedule();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clear();
    };
  }, [highlight]);
  return null;
}
