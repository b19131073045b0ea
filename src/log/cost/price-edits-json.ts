// The JSON form of a person's price edits: what the viewer exports and imports, what it keeps in
// the browser, and what `cost --prices FILE` reads. Untrusted: every edit is checked, a bad one is
// reported by its position and left out, never guessed.

import { isRecord } from '../event.ts';
import type { PriceEdit } from './price-table.ts';
import { isPriceEdit } from './price-table.ts';

const FORMAT = 'dsh-replay-price-edits';

/** The document: the edits and the table they were made over (informational). */
interface PriceEditsDocument {
  format: typeof FORMAT;
  version: 1;
  /** "name version" of the table the edits were made over. */
  table: string;
  edits: PriceEdit[];
}

export type ParsedPriceEdits =
  { ok: true; edits: PriceEdit[]; skipped: string[] } | { ok: false; message: string };

/** The document of `edits`, as JSON text. */
export function formatPriceEdits(edits: readonly PriceEdit[], table: string): string {
  const document: PriceEditsDocument = { format: FORMAT, version: 1, table, edits: [...edits] };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Reads edits from JSON text: the document above, or a bare array of edits. Each edit needs a
 * provider, a model and input/output prices per million tokens (≥ 0); cache prices are optional.
 */
export function parsePriceEdits(text: string): ParsedPriceEdits {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const list: unknown = Array.isArray(value) ? value : isRecord(value) ? value.edits : undefined;
  if (!Array.isArray(list))
    return { ok: false, message: `expected {"format":"${FORMAT}","edits":[…]} or an array of edits` };
  const edits: PriceEdit[] = [];
  const skipped: string[] = [];
  list.forEach((item: unknown, position) => {
    if (!isPriceEdit(item)) {
      skipped.push(
        `edit ${position + 1}: needs provider, model, inputPerMillion and outputPerMillion (numbers ≥ 0)`,
      );
      return;
    }
    edits.push({
      provider: item.provider,
      model: item.model,
      inputPerMillion: item.inputPerMillion,
      outputPerMillion: item.outputPerMillion,
      ...(item.cacheReadPerMillion === undefined ? {} : { cacheReadPerMillion: item.cacheReadPerMillion }),
      ...(item.cacheWritePerMillion === undefined ? {} : { cacheWritePerMillion: item.cacheWritePerMillion }),
    });
  });
  return { ok: true, edits, skipped };
}
