// The one use of localStorage (eslint's APP_GLOBALS): what this browser keeps of the person's own
// settings — the sizes of the resizable panes (layout-storage.ts) and the prices they edited
// (price-edits-storage.ts). Nothing of a log is ever kept here (logs: src/store/log-persistence.ts).

/** The page's localStorage; undefined where storage is denied (settings are then not kept). */
export function settingsStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage denied (a sandboxed frame, a privacy mode): settings are simply not remembered.
    return undefined;
  }
}
