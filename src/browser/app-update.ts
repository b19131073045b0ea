// The offline app (issue 24): the service worker that precaches this build (vite-plugin-pwa,
// Workbox), and what the page learns from it. An update is offered, never forced: a new build waits
// until the reader chooses "Reload", since a reload would drop the open log. The single-file
// export has no service worker (its build disables the plugin, whose module is then a no-op).
/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

/** What the page knows of the offline copy. */
export interface AppUpdateState {
  /** The build is cached: the viewer opens with no network from now on. */
  isOfflineReady: boolean;
  /** A newer build is installed and waiting; `applyUpdate` reloads into it. */
  isUpdateWaiting: boolean;
}

let state: AppUpdateState = { isOfflineReady: false, isUpdateWaiting: false };
const listeners = new Set<() => void>();
let update: ((reload?: boolean) => Promise<void>) | null = null;

function setState(next: Partial<AppUpdateState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Registers the service worker once (a page without service workers gets none and stays online-only). */
export function registerAppServiceWorker(): void {
  if (update !== null || !('serviceWorker' in navigator)) return;
  update = registerSW({
    immediate: true,
    onOfflineReady: () => setState({ isOfflineReady: true }),
    onNeedRefresh: () => setState({ isUpdateWaiting: true }),
  });
}

/** For useSyncExternalStore. */
export function subscribeAppUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readAppUpdate(): AppUpdateState {
  return state;
}

/** Activates the waiting build and reloads the page into it. */
export function applyAppUpdate(): void {
  void update?.(true);
}
