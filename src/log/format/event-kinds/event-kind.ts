// What one registration of an event kind holds (registry.ts): every fact about a stored event type
// that more than one layer needs, so that supporting a new type is one entry plus its tests. The
// behaviours that need the index (links, session links, search) are named here as rules and
// implemented once by their layer; the card is the UI's part, keyed by the same name
// (src/ui/panes/events/event-kind-cards.ts).

import type { FormatGeneration } from '../generations/generation.ts';

/** Who produces an event (the events list's Source facet; projections/facet-columns.ts). */
type KindSource = 'message' | 'assistant' | 'tool' | 'system' | 'harness';

/** The links an event detail shows beyond the generic ones (projections/event-links.ts). */
type KindLinks =
  | 'turn-bounds'
  | 'step-bounds'
  | 'attempt-of-chunk'
  | 'message-tool-calls'
  | 'tool-call'
  | 'tool-result'
  | 'command-pair'
  | 'approval-pair'
  | 'retry-pair'
  | 'titled-from';

/** What the text index adds for the kind beyond its strings (search/shown-text.ts). */
type KindSearchText = 'executed-calls-by-name' | 'assembled-stream';

/** Which other sessions the kind names (workspace/link-facts.ts, FORMAT.md §8.2). */
export type KindSessionLinks =
  | 'message-source'
  | 'descriptor'
  | 'workflow-agent'
  | 'team-member'
  | 'team-message-queued'
  | 'team-message-delivered';

/** One event kind: a stored type of some dsh release. */
export interface EventKind {
  /** The first and last generation whose writer knows the type (inclusive). */
  generations: readonly [first: FormatGeneration, last: FormatGeneration];
  /** Where it came from: `message` is a user/message, whose message source decides (a person or context). */
  source: KindSource;
  /** The row's one-line summary of its data (raw text; the caller cleans and cuts it). None: the generic one. */
  summary?: (data: Record<string, unknown>, surfaceOp: unknown) => string;
  links?: KindLinks;
  searchText?: KindSearchText;
  sessionLinks?: KindSessionLinks;
}
