// The sizes of the resizable panes (SplitLayout), so a reload keeps the layout the person chose,
// kept through the one localStorage module (local-storage.ts).

import { settingsStorage } from './local-storage.ts';

/** Where pane layouts are remembered; undefined where storage is denied (they are then not kept). */
export function layoutStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  return settingsStorage();
}
