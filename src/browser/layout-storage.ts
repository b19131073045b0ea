// The one use of localStorage: the sizes of the resizable panes (SplitLayout), so a reload keeps the
// layout the person chose. Nothing of a log is ever kept here (logs: src/store/log-persistence.ts).

/** Where pane layouts are remembered; undefined where storage is denied (they are then not kept). */
export function layoutStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage denied (a sandboxed frame, a privacy mode): layouts are simply not remembered.
    return undefined;
  }
}
