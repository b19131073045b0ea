// React access to the one viewer store: a context provider value and narrow selector hooks.

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ViewerState, ViewerStore } from './viewer-store.ts';

/** The app's store; provided once by App. */
export const ViewerStoreContext = createContext<ViewerStore | null>(null);

/** The store itself (for imperative reads in event handlers). Throws outside the provider: a wiring bug. */
export function useViewerStoreApi(): ViewerStore {
  const store = useContext(ViewerStoreContext);
  if (!store) throw new Error('useViewer* used outside <ViewerStoreContext.Provider>.');
  return store;
}

/** Selects one slice of the viewer state; select the smallest value you need (STYLE.md §2.5). */
export function useViewer<T>(selector: (state: ViewerState) => T): T {
  return useStore(useViewerStoreApi(), selector);
}
