// Key order against the upstream samples: the key orders of every object path in a log, compared
// with the same paths in the sample logs.

import { isObject, show, type Json } from './json.ts';

/**
 * Key orders per object path: `tool/result.data.message.source{tool}`, arrays as `[]`, `<type>` for
 * objects with a type; stream records under `assistant/*.stream`, wherever they are embedded.
 */
function collectShapes(value: Json, path: string, out: Map<string, Set<string>>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectShapes(item, `${path}[]`, out);
    return;
  }
  if (!isObject(value)) return;
  let at = path;
  if (typeof value.type === 'string' && path.includes('.')) at += `<${value.type}>`;
  if (typeof value.kind === 'string') at += `{${value.kind}}`;
  let orders = out.get(at);
  if (orders === undefined) {
    orders = new Set();
    out.set(at, orders);
  }
  orders.add(Object.keys(value).join(','));
  for (const [key, child] of Object.entries(value)) {
    if (FREE_FORM.has(`${at}.${key}`)) continue;
    const childPath = key === 'stream' && at.startsWith('assistant/') ? 'assistant/*.stream' : `${at}.${key}`;
    collectShapes(child, childPath, out);
  }
}

/** Values whose keys belong to their producer (tool schemas, tool-private meta): not compared. */
const FREE_FORM = new Set(['request/header.data.header.tools[].parameters', 'tool/result.data.meta']);

/** Envelope keys the normalized upstream samples drop (FORMAT.md §1.6); not reported as extra. */
const NORMALIZED_AWAY = new Set(['seq', 'time']);

function shapesOfText(text: string, out: Map<string, Set<string>>): void {
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const value = JSON.parse(line) as Json;
    const root = index === 0 ? 'header' : isObject(value) ? show(value.type) : '?';
    collectShapes(value, root, out);
  }
}

/** The keys of a recorded key order ('' for an object without keys). */
function keysOf(order: string): string[] {
  return order === '' ? [] : order.split(',');
}

/** How the key orders of a log compare with the samples'. */
export interface ShapeComparison {
  /** Paths found in both, and those whose common keys are in the same order in every pairing. */
  compared: number;
  agreeing: number;
  /** Paths whose common keys are in another order than a sample's. */
  orderDiffers: string[];
  /** Keys of ours that no sample has at that path (optional fields the samples do not show). */
  extraKeys: string[];
  /** Paths of ours that no sample shows (event types or variants the samples lack). */
  notInSamples: string[];
}

/** Compares the key orders of `text` with those of the sample texts. */
export function compareShapes(text: string, sampleTexts: readonly string[]): ShapeComparison {
  const ours = new Map<string, Set<string>>();
  shapesOfText(text, ours);
  const samples = new Map<string, Set<string>>();
  for (const sample of sampleTexts) shapesOfText(sample, samples);
  const result: ShapeComparison = {
    compared: 0,
    agreeing: 0,
    orderDiffers: [],
    extraKeys: [],
    notInSamples: [],
  };
  for (const [path, orders] of ours) {
    const sampleOrders = samples.get(path);
    if (sampleOrders === undefined) {
      result.notInSamples.push(path);
      continue;
    }
    result.compared += 1;
    const sampleKeys = new Set([...sampleOrders].flatMap(keysOf));
    let agrees = true;
    for (const order of orders) {
      const keys = keysOf(order);
      const extra = keys.filter(
        (key) => !sampleKeys.has(key) && !(path.indexOf('.') === -1 && NORMALIZED_AWAY.has(key)),
      );
      if (extra.length > 0) result.extraKeys.push(`${path}: ${extra.join(', ')}`);
      for (const sampleOrder of sampleOrders) {
        const sample = keysOf(sampleOrder);
        const common = keys.filter((key) => sample.includes(key));
        const commonInSample = sample.filter((key) => keys.includes(key));
        if (common.join(',') !== commonInSample.join(',')) {
          agrees = false;
          result.orderDiffers.push(`${path}: ours ${order} / sample ${sampleOrder}`);
        }
      }
    }
    if (agrees) result.agreeing += 1;
  }
  result.extraKeys = [...new Set(result.extraKeys)];
  return result;
}
