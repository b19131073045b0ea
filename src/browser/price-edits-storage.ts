// The prices the person edited in the viewer, kept in this browser under one localStorage key as
// the edits JSON (src/log/cost/price-edits-json.ts): only prices, never anything of a log.

import { settingsStorage } from './local-storage.ts';

/** The key the edits are kept under. */
const PRICE_EDITS_KEY = 'dsh-replay:price-edits';

/** The kept edits' JSON text, or null when none are kept (or storage is denied). */
export function readPriceEditsText(): string | null {
  try {
    return settingsStorage()?.getItem(PRICE_EDITS_KEY) ?? null;
  } catch {
    // Reading denied at the moment of the call: as if nothing were kept.
    return null;
  }
}

/** Keeps `text` (null forgets the edits). Returns false when the browser refused to keep it. */
export function writePriceEditsText(text: string | null): boolean {
  const storage = settingsStorage();
  if (storage === undefined) return false;
  try {
    if (text === null) storage.removeItem(PRICE_EDITS_KEY);
    else storage.setItem(PRICE_EDITS_KEY, text);
    return true;
  } catch {
    // Quota exceeded or storage denied: the edits stay in force for this page only.
    return false;
  }
}
