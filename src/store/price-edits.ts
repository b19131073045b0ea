// The price edits in force in the viewer: the person's prices over the bundled table, kept in this
// browser (src/browser/price-edits-storage.ts) and sent with every cost query, so the worker and
// every total agree on one set. Not per log: the same prices price every log and session.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { formatPriceEdits, parsePriceEdits, type PriceEdit } from '../log/index.ts';

export interface PriceEditsState {
  edits: PriceEdit[];
  /** The browser refused to keep the last change (it holds for this page only). */
  isUnsaved: boolean;
  actions: {
    /** Sets (or replaces) the price of one logged provider/model. */
    setEdit(edit: PriceEdit): void;
    /** Removes the edit of a provider/model: the table's price applies again. */
    removeEdit(provider: string, model: string): void;
    /** Replaces every edit with the ones of an imported JSON; returns what was wrong with it. */
    importJson(text: string): { ok: true; count: number; skipped: string[] } | { ok: false; message: string };
    /** The edits as the JSON an import reads back. */
    exportJson(table: string): string;
    clear(): void;
  };
}

export interface PriceEditsStorage {
  read(): string | null;
  write(text: string | null): boolean;
}

function sameModel(edit: PriceEdit, provider: string, model: string): boolean {
  return edit.provider === provider && edit.model === model;
}

/** A store of edits read from and written through `storage`. */
export function createPriceEditsStore(storage: PriceEditsStorage): StoreApi<PriceEditsState> {
  const kept = storage.read();
  const parsed = kept === null ? null : parsePriceEdits(kept);
  return createStore<PriceEditsState>()((set, get) => {
    const commit = (edits: PriceEdit[]): void => {
      const isSaved = storage.write(edits.length === 0 ? null : formatPriceEdits(edits, 'viewer'));
      set({ edits, isUnsaved: !isSaved });
    };
    return {
      edits: parsed?.ok ? parsed.edits : [],
      isUnsaved: false,
      actions: {
        setEdit(edit) {
          commit([...get().edits.filter((other) => !sameModel(other, edit.provider, edit.model)), edit]);
        },
        removeEdit(provider, model) {
          commit(get().edits.filter((edit) => !sameModel(edit, provider, model)));
        },
        importJson(text) {
          const result = parsePriceEdits(text);
          if (!result.ok) return result;
          commit(result.edits);
          return { ok: true, count: result.edits.length, skipped: result.skipped };
        },
        exportJson(table) {
          return formatPriceEdits(get().edits, table);
        },
        clear() {
          commit([]);
        },
      },
    };
  });
}
