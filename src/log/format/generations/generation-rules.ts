// What differs between format generations, as data (docs/format-generations.md): the decoder, the
// store's read-time upgrade and the verdicts consult the rules of the log's generation; the index
// and the projections never see the generation, only the shape these rules normalize events into.

import { typesOfGeneration } from '../event-kinds/registry.ts';
import type { FormatGeneration } from './generation.ts';

/** How one generation stores things. Every field is a fact of the format, not a viewer choice. */
export interface GenerationRules {
  generation: FormatGeneration;
  /** The dsh releases that wrote it (for the verdict and the bug report). */
  writtenBy: string;
  /** The header field that marks a seeded (forked or inherited-prefix) child. */
  seedMarker: 'seedLength' | 'isSeeded';
  /** Header keys beyond the required ones; from generation 2 on any other key is refused. */
  headerOptionalKeys: readonly string[];
  /** Whether any header key outside the required and optional ones makes the writer refuse the log. */
  isHeaderKeySetExact: boolean;
  /** Packed chunk rows (`text-chunks` …, FORMAT.md §4) are rows of this generation. */
  hasPackedRows: boolean;
  /** Where a model attempt's stream lives: top-level assistant/chunk events, or `data.stream`. */
  streams: 'chunk-events' | 'embedded';
  /** The key names of a replace op's range in `surfaceOp`. */
  replaceKeys: { start: 'start' | 'startSeq'; end: 'end' | 'endSeq' };
  /** Where the system prompt is: `request/header.data.header.system`, or `system/message` surface nodes. */
  systemPrompt: 'request-header' | 'system-message';
  /** The shape of a tool/result message: a user message wrapping one tool-result block, or a tool-role message. */
  toolResultShape: 'user-wrapper' | 'tool-role';
  /** Event types the writing release knows; others pass only when `ignorable` (plugin records too). */
  knownEventTypes: ReadonlySet<string>;
  /** Whether `plugin:<name>` event types are plugin records of this generation (ignorable opaque records, plugin-records.ts). */
  hasPluginRecords: boolean;
  /** Whether message sources name their producer (`system-prompt`, `runtime-context` …): `kind: 'plugin'` is refused. */
  hasProducerOwnedSources: boolean;
}

// The known types of each generation come from the registry of event kinds (one entry per type).
const RELEASED_V0_TYPES = typesOfGeneration(0);
const V2_TYPES = typesOfGeneration(2);
const V3_TYPES = typesOfGeneration(3);
const V4_TYPES = typesOfGeneration(4);

const V0_HEADER_OPTIONAL_KEYS = ['cwd', 'parentSession', 'seedLength', 'origin', 'agentPreset'];
const V2_HEADER_OPTIONAL_KEYS = ['cwd', 'parentSession', 'origin', 'agentPreset'];

const GENERATION_0: GenerationRules = {
  generation: 0,
  writtenBy: 'dsh 0.0.1 – 0.1.2 (session.jsonl)',
  seedMarker: 'seedLength',
  headerOptionalKeys: V0_HEADER_OPTIONAL_KEYS,
  isHeaderKeySetExact: false,
  hasPackedRows: true,
  streams: 'chunk-events',
  replaceKeys: { start: 'start', end: 'end' },
  systemPrompt: 'request-header',
  toolResultShape: 'user-wrapper',
  knownEventTypes: RELEASED_V0_TYPES,
  hasPluginRecords: false,
  hasProducerOwnedSources: false,
};

/** Generation 2 as each later one starts from it: v2 framing (isSeeded, exact header keys, embedded streams). */
const GENERATION_2: GenerationRules = {
  ...GENERATION_0,
  generation: 2,
  writtenBy: 'dsh 0.1.3 (session.v2.jsonl)',
  seedMarker: 'isSeeded',
  headerOptionalKeys: V2_HEADER_OPTIONAL_KEYS,
  isHeaderKeySetExact: true,
  hasPackedRows: false,
  streams: 'embedded',
  knownEventTypes: V2_TYPES,
};

/** Generation 3 adds system/message nodes and renames the replace op's keys. */
const GENERATION_3: GenerationRules = {
  ...GENERATION_2,
  generation: 3,
  writtenBy: 'dsh 0.1.5 – 0.1.6 (session.v3.jsonl)',
  replaceKeys: { start: 'startSeq', end: 'endSeq' },
  systemPrompt: 'system-message',
  knownEventTypes: V3_TYPES,
};

const RULES: Readonly<Record<FormatGeneration, GenerationRules>> = {
  0: GENERATION_0,
  1: { ...GENERATION_0, generation: 1, writtenBy: 'development builds of dsh 0.1.3 (session.v1.jsonl)' },
  2: GENERATION_2,
  3: GENERATION_3,
  4: {
    ...GENERATION_3,
    generation: 4,
    writtenBy: 'dsh 0.1.7 – 0.2.x (session.v4.jsonl)',
    toolResultShape: 'tool-role',
    knownEventTypes: V4_TYPES,
    hasPluginRecords: true,
    hasProducerOwnedSources: true,
  },
};

/** The generations whose writing release knows `type` (empty: no dsh release up to 0.2.x knows it). */
export function generationsKnowingType(type: string): FormatGeneration[] {
  return ([0, 1, 2, 3, 4] as const).filter((generation) => RULES[generation].knownEventTypes.has(type));
}

/** The rules of one generation. */
export function rulesOfGeneration(generation: FormatGeneration): GenerationRules {
  return RULES[generation];
}

/** Header keys every generation requires (the physical header; FORMAT.md §2.1, GENERATIONS.md §2.2). */
export const REQUIRED_HEADER_KEYS = ['type', 'version', 'id', 'createdAt', 'delegationDepth'] as const;
