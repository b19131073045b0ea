// The viewer's keyboard shortcuts (tinykeys on window); the `?` overlay lists the same table.
// Bindings match their modifiers exactly (tinykeys' rule): Alt+←/→ reach the browser, whose Back and
// Forward walk the jumps (src/url/history-sync.ts).
import { useEffect } from 'react';
import { tinykeys, type KeybindingsMap } from 'tinykeys';
import type { ViewerStore } from '../store/viewer-store.ts';

/** Key bindings as shown in the overlay: keys (tinykeys syntax), label, what it does. */
export const KEY_BINDINGS: readonly { keys: string[]; action: string }[] = [
  { keys: ['←', '→'], action: 'Previous / next event' },
  { keys: ['Shift+←', 'Shift+→'], action: 'Previous / next step' },
  { keys: ['PageUp', 'PageDown'], action: 'Previous / next turn' },
  { keys: ['Home', 'End'], action: 'First / last event' },
  { keys: ['n', 'N'], action: 'Next / previous problem or triage finding' },
  {
    keys: ['Enter', 'Shift+Enter'],
    action: 'In the search box: next / previous match from the cursor (wraps at the ends); Esc clears',
  },
  { keys: ['Alt+←', 'Alt+→'], action: 'Back / forward through your jumps (browser history)' },
  { keys: ['p'], action: 'Pin / unpin the event detail' },
  { keys: ['Space'], action: 'Play / pause replay' },
  { keys: ['t'], action: 'Model view ↔ transcript' },
  { keys: ['o'], action: 'Open a file' },
  { keys: ['?'], action: 'Show / hide this list' },
  {
    keys: ['+', '−'],
    action:
      'Timeline, once focused (Tab, a click): zoom; ←/→ turns or steps, ↑/↓ turns ↔ steps, 0 the whole log, Enter fits',
  },
  { keys: ['Esc'], action: 'Close overlays' },
];

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  // The Seq slider is an <input type=range>: its arrows are ours, not the browser's.
  return (
    target instanceof HTMLInputElement &&
    target.type !== 'range' &&
    target.type !== 'checkbox' &&
    target.type !== 'button'
  );
}

/** The key map (tinykeys syntax → handler); each handler prevents the browser's default. */
export function createKeyBindings(store: ViewerStore, openFilePicker: () => void): KeybindingsMap {
  const act = (run: () => void) => (event: KeyboardEvent) => {
    event.preventDefault();
    run();
  };
  const actions = () => store.getState().actions;
  const toggleKeysOverlay = () => actions().setKeysOverlayOpen(!store.getState().isKeysOverlayOpen);
  return {
    ArrowLeft: act(() => actions().moveCursor(-1)),
    ArrowRight: act(() => actions().moveCursor(1)),
    'Shift+ArrowLeft': act(() => actions().moveToBoundary('step', -1)),
    'Shift+ArrowRight': act(() => actions().moveToBoundary('step', 1)),
    PageUp: act(() => actions().moveToBoundary('turn', -1)),
    PageDown: act(() => actions().moveToBoundary('turn', 1)),
    Home: act(() => actions().moveToEdge('start')),
    End: act(() => actions().moveToEdge('end')),
    n: act(() => actions().moveToProblem(1)),
    'Shift+N': act(() => actions().moveToProblem(-1)),
    p: act(() => actions().toggleDetailPin()),
    Space: act(() => actions().setPlaying(!store.getState().isPlaying)),
    t: act(() => actions().setModelMode(store.getState().modelMode === 'model' ? 'transcript' : 'model')),
    o: act(openFilePicker),
    // '?' is typed with Shift on most layouts, without it on some (and by scripted input): both open the list.
    'Shift+?': act(toggleKeysOverlay),
    '?': act(toggleKeysOverlay),
    Escape: () => {
      actions().setKeysOverlayOpen(false);
      actions().setProblemsOpen(false);
    },
  };
}

/** Installs the shortcuts for the app's lifetime. `openFilePicker` opens the file dialog. */
export function useKeyboard(store: ViewerStore, openFilePicker: () => void): void {
  useEffect(
    () =>
      tinykeys(window, createKeyBindings(store, openFilePicker), {
        ignore: (event) => isTextEntry(event.target),
      }),
    [store, openFilePicker],
  );
}
