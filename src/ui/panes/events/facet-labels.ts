// What the facet bar calls each facet and value, and how it matches a value against the filter text.
import type { EventSource, EventStatus, FacetName } from '../../../log/index.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import type { FacetValue } from './use-event-facets.ts';

/** The facets in the bar's order, with their button labels. */
export const FACET_LABELS: readonly { facet: FacetName; label: string }[] = [
  { facet: 'type', label: 'Type' },
  { facet: 'turn', label: 'Turn' },
  { facet: 'tool', label: 'Tool' },
  { facet: 'status', label: 'Status' },
  { facet: 'source', label: 'Source' },
];

const STATUS_LABELS: Record<EventStatus, string> = {
  error: 'error',
  'not-started': 'not started',
  'outcome-unknown': 'outcome unknown',
  'no-result': 'no result',
  ok: 'ok',
  problem: 'listed problem',
};

const SOURCE_LABELS: Record<EventSource, string> = {
  user: 'user',
  context: 'injected context',
  assistant: 'assistant',
  tool: 'tool',
  system: 'system / developer',
  harness: 'harness',
};

/**
 * A value as the bar shows it: statuses and sources in words, turns as "turn N" (0: outside
 * turns), types and tool names (untrusted log text) with their invisible characters made visible.
 */
export function labelFacetValue(facet: FacetName, value: FacetValue): string {
  switch (facet) {
    case 'status':
      return STATUS_LABELS[value as EventStatus] ?? String(value);
    case 'source':
      return SOURCE_LABELS[value as EventSource] ?? String(value);
    case 'turn':
      return value === 0 ? 'outside turns' : `turn ${value}`;
    case 'type':
    case 'tool':
      return revealInvisibleCharacters(String(value));
  }
}

/** True when the value's label holds `filter` (case-insensitive; an empty filter holds everything). */
export function matchesFacetFilter(label: string, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  return needle === '' || label.toLowerCase().includes(needle);
}
