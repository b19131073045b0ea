// Costs of the corpus logs with usage, computed independently: the lines read with JSON.parse (not
// our decoder), requests cut after every finish chunk (FORMAT.md §7.4), the price chosen by the
// @pydantic/genai-prices package itself at the request's time, and the cost multiplied out by hand
// from the usage fields. Our ledger must agree to the cent per log (and to 1e-9 USD per request).

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { calcPrice } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../open/log-decoder.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { buildCostIndex } from './cost-index.ts';
import { loadBundledPriceTable } from './price-table.ts';

const hasCorpus = existsSync(join(CORPUS_DIR, 'MANIFEST.json'));

interface HandRequest {
  model: string;
  provider: string;
  time: number;
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

type Json = Record<string, unknown>;

/** Requests of a plain generation-0 log, read line by line. */
function readRequestsByHand(text: string): HandRequest[] {
  const requests: HandRequest[] = [];
  const times = new Map<number, number>();
  let provider = '';
  let model = '';
  let lastEventTime = 0;
  let attemptStart: number | null = null;
  let attemptUsage: Json | null = null;
  let stepHadUsageChunk = false;
  const close = (): void => {
    if (attemptUsage !== null && attemptStart !== null) requests.push(toRequest(attemptUsage, attemptStart));
    attemptStart = null;
    attemptUsage = null;
  };
  const toRequest = (usage: Json, time: number): HandRequest => ({
    model,
    provider,
    time,
    input: Number(usage.inputTokens ?? 0),
    cacheRead: Number(usage.cacheReadTokens ?? 0),
    cacheWrite: Number(usage.cacheWriteTokens ?? 0),
    output: Number(usage.outputTokens ?? 0),
  });
  for (const line of text.split('\n').slice(1)) {
    if (line.trim() === '') continue;
    const event = JSON.parse(line) as Json;
    const data = (event.data ?? {}) as Json;
    if (typeof event.seq0 === 'number') {
      // A packed row of deltas: only its members' times matter here.
      let time = Number(event.time0);
      const gaps = (data.dt ?? []) as number[];
      const members = ((data.texts ?? data.args ?? []) as unknown[]).length;
      for (let member = 0; member < members; member++) {
        if (member > 0) time += gaps[member - 1] ?? 0;
        times.set(event.seq0 + member, time);
      }
      attemptStart ??= times.get(event.seq0 - 1) ?? lastEventTime;
      lastEventTime = time;
      continue;
    }
    const seq = Number(event.seq);
    times.set(seq, Number(event.time));
    if (event.type === 'step/start') stepHadUsageChunk = false;
    if (event.type === 'request/header') {
      const config = ((data.header as Json).config ?? {}) as Json;
      provider = String(config.provider);
      model = String(config.model);
    }
    if (event.type === 'assistant/chunk') {
      attemptStart ??= times.get(seq - 1) ?? lastEventTime;
      const chunk = data.chunk as Json;
      if (chunk.type === 'usage') {
        attemptUsage = chunk.usage as Json;
        stepHadUsageChunk = true;
      }
      if (chunk.type === 'finish') close();
    } else if (event.type === 'assistant/message') {
      if (attemptUsage === null && !stepHadUsageChunk && data.usage !== undefined)
        attemptUsage = data.usage as Json;
      close();
    } else if (attemptStart !== null && event.type !== 'assistant/chunk') {
      // A stream that stopped without a finish ends at the next non-chunk event.
      close();
    }
    lastEventTime = Number(event.time);
  }
  close();
  return requests;
}

/** The cost by hand: the package picks the prices in force at the request's time; we multiply. */
function priceByHand(request: HandRequest): { cost: number; packageCost: number } | null {
  const usage = {
    input_tokens: request.input + request.cacheRead + request.cacheWrite,
    cache_read_tokens: request.cacheRead,
    cache_write_tokens: request.cacheWrite,
    output_tokens: request.output,
  };
  const options = { timestamp: new Date(request.time) };
  const result =
    calcPrice(usage, request.model, { ...options, providerId: request.provider }) ??
    calcPrice(usage, request.model, options);
  if (result === null) return null;
  const prices = result.model_price as Record<string, number | undefined>;
  const input = prices.input_mtok ?? 0;
  const cacheRead = prices.cache_read_mtok;
  const cacheWrite = prices.cache_write_mtok;
  const uncached =
    request.input +
    (cacheRead === undefined ? request.cacheRead : 0) +
    (cacheWrite === undefined ? request.cacheWrite : 0);
  const cost =
    (uncached * input +
      request.cacheRead * (cacheRead ?? 0) +
      request.cacheWrite * (cacheWrite ?? 0) +
      request.output * (prices.output_mtok ?? 0)) /
    1e6;
  return { cost, packageCost: result.total_price };
}

const corpusLogs = hasCorpus
  ? readdirSync(CORPUS_DIR)
      .filter((name) => name.endsWith('.jsonl'))
      .filter((name) => /"usage"/.test(readFileSync(join(CORPUS_DIR, name), 'utf8')))
  : [];

describe.skipIf(!hasCorpus)('costs of the corpus logs with usage (shared corpus beside the clone)', () => {
  it('finds logs with usage to check', () => {
    expect(corpusLogs.length).toBeGreaterThan(20);
  });

  it.each(corpusLogs)('%s: our ledger agrees with the hand computation to the cent', (name) => {
    const text = readFileSync(join(CORPUS_DIR, name), 'utf8');
    const hand = readRequestsByHand(text);
    const index = buildCostIndex(decodeLog(new TextEncoder().encode(text)), loadBundledPriceTable());
    const ours = index.ledger.requests
      .map((request, position) => ({ request, cost: index.ledger.costs[position] ?? Number.NaN }))
      .filter(({ request }) => request.tokens !== null && request.kind === 'model');
    expect(ours.map(({ request }) => request.tokens?.outputTokens)).toEqual(
      hand.map((request) => request.output),
    );
    let handTotal = 0;
    let unpriced = 0;
    hand.forEach((request, position) => {
      const priced = priceByHand(request);
      const our = ours[position]?.cost ?? Number.NaN;
      if (priced === null) {
        unpriced += 1;
        expect(Number.isNaN(our)).toBe(true);
        return;
      }
      expect(Math.abs(priced.cost - priced.packageCost)).toBeLessThan(1e-12);
      expect(Math.abs(our - priced.cost)).toBeLessThan(1e-9);
      handTotal += priced.cost;
    });
    const ourTotal = index.ledger.prefix.cost[index.ledger.requests.length] ?? 0;
    expect(Math.round(ourTotal * 100)).toBe(Math.round(handTotal * 100));
    expect(Math.abs(ourTotal - handTotal)).toBeLessThan(0.005);
    expect(index.ledger.prefix.unpriced[index.ledger.requests.length]).toBe(unpriced);
  });
});
