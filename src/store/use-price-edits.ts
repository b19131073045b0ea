// The app's one price-edits store (price-edits.ts) over this browser's storage, and the hook
// components read it with.

import { useStore } from 'zustand';
import { readPriceEditsText, writePriceEditsText } from '../browser/price-edits-storage.ts';
import { createPriceEditsStore, type PriceEditsState } from './price-edits.ts';

const priceEditsStore = createPriceEditsStore({ read: readPriceEditsText, write: writePriceEditsText });

/** A narrow selection of the price edits' state. */
export function usePriceEdits<T>(select: (state: PriceEditsState) => T): T {
  return useStore(priceEditsStore, select);
}
