// The price table: a versioned snapshot of @pydantic/genai-prices bundled with the app (no network),
// the person's edits over it, and the lookup of a logged provider/model at a request's time. The
// rules (model matching, conditional prices, tiers) are the package's own, re-implemented here so
// the pure core needs no package at run time; cost-oracle.test.ts checks them against the package.

import snapshot from './genai-prices.snapshot.json' with { type: 'json' };
import { isRecord } from '../event.ts';

/** genai-prices' matching rule for a provider or model name (case-insensitive except regex). */
type MatchRule =
  | { equals: string }
  | { starts_with: string }
  | { ends_with: string }
  | { contains: string }
  | { regex: string }
  | { or: MatchRule[] }
  | { and: MatchRule[] };

/** A tiered price: `base` per unit, or a tier's price once the request's total input exceeds `start`. */
export interface TieredPrice {
  base: number;
  tiers: { start: number; price: number }[];
}

/** Prices of one model at one time: genai-prices keys (`input_mtok` per million tokens, …). */
export type ModelPrices = Record<string, number | TieredPrice | undefined>;

type PriceConstraint =
  { type: 'start_date'; start_date: string } | { type: 'time_of_date'; start_time: string; end_time: string };

interface PricedModel {
  id: string;
  name?: string;
  match: MatchRule;
  context_window?: number;
  /** One price, or prices under constraints (the last matching one wins, the first is the default). */
  prices: ModelPrices | { constraint?: PriceConstraint; prices: ModelPrices }[];
}

interface PriceProvider {
  id: string;
  name: string;
  provider_match?: MatchRule;
  model_match?: MatchRule;
  fallback_model_providers?: string[];
  models: PricedModel[];
}

/** One edit of the person's: the flat prices of one model (replacing the table's at every time). */
export interface PriceEdit {
  /** The logged provider and model this edit prices (as dsh writes them in request/header). */
  provider: string;
  model: string;
  /** USD per million tokens; a missing cache price means cache tokens cost the input price. */
  inputPerMillion: number;
  outputPerMillion: number;
  cacheReadPerMillion?: number;
  cacheWritePerMillion?: number;
}

/** The table in force: its source (name and version), the providers, and the edits applied over it. */
export interface PriceTable {
  name: string;
  version: string;
  currency: string;
  providers: PriceProvider[];
  edits: PriceEdit[];
}

/** What pricing one request found: the table's provider and model ids, the prices at its time. */
export interface ResolvedPrice {
  providerId: string;
  modelId: string;
  prices: ModelPrices;
  /** True when the person's edit priced it. */
  isEdited: boolean;
  /** The table's context window of the model, or null. */
  contextWindow: number | null;
}

/** The bundled snapshot, with no edits. */
export function loadBundledPriceTable(): PriceTable {
  return {
    name: snapshot.name,
    version: snapshot.version,
    currency: snapshot.currency,
    providers: snapshot.providers as unknown as PriceProvider[],
    edits: [],
  };
}

/** "name version" and, when edited, how many edits: the label shown next to every total. */
export function describePriceTable(table: PriceTable): string {
  const base = `${table.name} ${table.version}`;
  if (table.edits.length === 0) return base;
  return `${base}, ${table.edits.length} price${table.edits.length === 1 ? '' : 's'} edited`;
}

/** `table` with `edits` in force (an edit of the same provider/model replaces an earlier one). */
export function withPriceEdits(table: PriceTable, edits: readonly PriceEdit[]): PriceTable {
  const byKey = new Map<string, PriceEdit>();
  for (const edit of edits) byKey.set(editKey(edit.provider, edit.model), edit);
  return { ...table, edits: [...byKey.values()] };
}

function editKey(provider: string, model: string): string {
  return `${provider.toLowerCase().trim()}\u0000${model.toLowerCase().trim()}`;
}

/**
 * The prices of `model` (as logged, with its logged `provider`) at `timeMs` (ms since the epoch),
 * or null when neither an edit nor the table prices it ("unpriced": never guessed). The provider is
 * found as genai-prices finds it: by id or provider_match, else by the model's name.
 */
export function resolveModelPrice(
  table: PriceTable,
  provider: string | null,
  model: string | null,
  timeMs: number,
): ResolvedPrice | null {
  if (model === null || model.trim() === '') return null;
  const modelId = model.toLowerCase().trim();
  const found = findPricedModelOnce(table.providers, provider, modelId);
  const edit = table.edits.find(
    (candidate) => editKey(candidate.provider, candidate.model) === editKey(provider ?? '', model),
  );
  if (edit !== undefined)
    return {
      providerId: found?.provider.id ?? edit.provider,
      modelId: found?.model.id ?? edit.model,
      prices: pricesOfEdit(edit),
      isEdited: true,
      contextWindow: found?.model.context_window ?? null,
    };
  if (found === null) return null;
  return {
    providerId: found.provider.id,
    modelId: found.model.id,
    prices: selectPrices(found.model, timeMs),
    isEdited: false,
    contextWindow: found.model.context_window ?? null,
  };
}

/** The table's prices of a logged model at a time, ignoring edits (what an edit replaces). */
export function findTablePrice(
  table: PriceTable,
  provider: string | null,
  model: string,
  timeMs: number,
): ResolvedPrice | null {
  return resolveModelPrice({ ...table, edits: [] }, provider, model, timeMs);
}

function pricesOfEdit(edit: PriceEdit): ModelPrices {
  return {
    input_mtok: edit.inputPerMillion,
    output_mtok: edit.outputPerMillion,
    ...(edit.cacheReadPerMillion === undefined ? {} : { cache_read_mtok: edit.cacheReadPerMillion }),
    ...(edit.cacheWritePerMillion === undefined ? {} : { cache_write_mtok: edit.cacheWritePerMillion }),
  };
}

type FoundModel = { provider: PriceProvider; model: PricedModel } | null;

/** The match of each logged provider and model, per table: the rules (regexes) run once, not per request. */
const foundByTable = new WeakMap<readonly PriceProvider[], Map<string, FoundModel>>();

function findPricedModelOnce(
  providers: readonly PriceProvider[],
  providerName: string | null,
  modelId: string,
): FoundModel {
  let found = foundByTable.get(providers);
  if (found === undefined) {
    found = new Map();
    foundByTable.set(providers, found);
  }
  const key = `${providerName ?? ''}\u0000${modelId}`;
  const cached = found.get(key);
  if (cached !== undefined) return cached;
  const model = findPricedModel(providers, providerName, modelId);
  found.set(key, model);
  return model;
}

function findPricedModel(
  providers: readonly PriceProvider[],
  providerName: string | null,
  modelId: string,
): { provider: PriceProvider; model: PricedModel } | null {
  let provider: PriceProvider | undefined;
  if (providerName !== null && providerName.trim() !== '') {
    const wanted = providerName.toLowerCase().trim();
    provider =
      providers.find((candidate) => candidate.id === wanted) ??
      providers.find(
        (candidate) => candidate.provider_match !== undefined && matches(candidate.provider_match, wanted),
      );
  }
  // dsh names its own providers (deepseek-official, …): fall back to the model name, as the package does.
  provider ??= providers.find(
    (candidate) => candidate.model_match !== undefined && matches(candidate.model_match, modelId),
  );
  if (provider === undefined) return null;
  const model =
    findModelIn(provider, modelId, providers) ?? findModelIn(provider, normalizeDates(modelId), providers);
  return model === null ? null : { provider, model };
}

function findModelIn(
  provider: PriceProvider,
  modelId: string,
  providers: readonly PriceProvider[] | null,
): PricedModel | null {
  const model = provider.models.find((candidate) => matches(candidate.match, modelId));
  if (model !== undefined) return model;
  if (providers === null) return null;
  for (const fallbackId of provider.fallback_model_providers ?? []) {
    const fallback = providers.find((candidate) => candidate.id === fallbackId);
    const found = fallback === undefined ? null : findModelIn(fallback, modelId, null);
    if (found !== null) return found;
  }
  return null;
}

/** `-20250514` → `-2025-05-14`, the package's second try for dated model ids. */
function normalizeDates(modelId: string): string {
  return modelId.replace(/(-)(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=-|:|$)/g, '$1$2-$3-$4');
}

/** genai-prices' match rules; names are compared lower-cased. */
function matches(rule: MatchRule, name: string): boolean {
  if ('or' in rule) return rule.or.some((inner) => matches(inner, name));
  if ('and' in rule) return rule.and.every((inner) => matches(inner, name));
  const lower = name.toLowerCase();
  if ('equals' in rule) return lower === rule.equals.toLowerCase();
  if ('starts_with' in rule) return lower.startsWith(rule.starts_with.toLowerCase());
  if ('ends_with' in rule) return lower.endsWith(rule.ends_with.toLowerCase());
  if ('contains' in rule) return lower.includes(rule.contains.toLowerCase());
  if ('regex' in rule) {
    try {
      return new RegExp(rule.regex).test(name);
    } catch {
      // A rule the engine cannot compile matches nothing.
      return false;
    }
  }
  return false;
}

/**
 * The prices in force at `timeMs`: scanning the conditional prices from the last, the first whose
 * constraint holds (a start date reached, a UTC time-of-day window), else the first (the default).
 */
function selectPrices(model: PricedModel, timeMs: number): ModelPrices {
  if (!Array.isArray(model.prices)) return model.prices;
  const date = new Date(timeMs);
  const secondOfDay =
    date.getUTCHours() * 3600 +
    date.getUTCMinutes() * 60 +
    date.getUTCSeconds() +
    date.getUTCMilliseconds() / 1000;
  for (let position = model.prices.length - 1; position >= 0; position--) {
    const conditional = model.prices[position];
    if (conditional === undefined) continue;
    const constraint = conditional.constraint;
    if (constraint === undefined) return conditional.prices;
    if (constraint.type === 'start_date') {
      if (timeMs >= Date.parse(constraint.start_date)) return conditional.prices;
    } else if (constraint.type === 'time_of_date') {
      const start = secondsOfTime(constraint.start_time);
      const end = secondsOfTime(constraint.end_time);
      if (start === null || end === null) continue;
      const isInside =
        end < start ? secondOfDay >= start || secondOfDay < end : secondOfDay >= start && secondOfDay < end;
      if (isInside) return conditional.prices;
    }
  }
  return model.prices[0]?.prices ?? {};
}

/** `HH:MM:SS[.fff](Z|±HH:MM)` → seconds after midnight UTC, or null. */
function secondsOfTime(text: string): number | null {
  const parts = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (parts === null) return null;
  const [, hours, minutes, seconds, fraction = '', zone, sign, zoneHours = '00', zoneMinutes = '00'] = parts;
  const local = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(`0.${fraction}`);
  const offset = (Number(zoneHours) * 60 + Number(zoneMinutes)) * 60;
  const shift = zone === 'Z' ? 0 : sign === '+' ? offset : -offset;
  return (local - shift + 86_400) % 86_400;
}

/** Whether `value` is a well-formed edit (price-edits-json.ts reads documents with it). */
export function isPriceEdit(value: unknown): value is PriceEdit {
  if (!isRecord(value)) return false;
  const isPrice = (price: unknown): boolean =>
    typeof price === 'number' && Number.isFinite(price) && price >= 0;
  const isOptionalPrice = (price: unknown): boolean => price === undefined || isPrice(price);
  return (
    typeof value.provider === 'string' &&
    typeof value.model === 'string' &&
    value.model.trim() !== '' &&
    isPrice(value.inputPerMillion) &&
    isPrice(value.outputPerMillion) &&
    isOptionalPrice(value.cacheReadPerMillion) &&
    isOptionalPrice(value.cacheWritePerMillion)
  );
}
