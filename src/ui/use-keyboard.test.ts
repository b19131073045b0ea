// Tests of the key map: Alt+←/→ are the browser's Back and Forward (they walk the jumps, issue 11),
// so no binding may take them; `p` pins the event detail.
import { describe, expect, it } from 'vitest';
import { createKeybindingsHandler } from 'tinykeys';
import { openedStore } from '../store/testing/viewer-store-fixture.ts';
import { createKeyBindings } from './use-keyboard.ts';

/** A keydown as tinykeys reads it; `prevented` tells whether a binding took it from the browser. */
function keydown(key: string, modifiers: readonly string[] = []) {
  const event = {
    key,
    code: key,
    repeat: false,
    isComposing: false,
    prevented: false,
    getModifierState: (modifier: string) => modifiers.includes(modifier),
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

function setUp() {
  const { store, finish } = openedStore();
  finish();
  store.getState().actions.setCursor(10);
  const handle = createKeybindingsHandler(
    createKeyBindings(store, () => undefined),
    {
      ignore: () => false,
    },
  );
  return { store, press: (event: ReturnType<typeof keydown>) => handle(event as unknown as KeyboardEvent) };
}

describe('key bindings', () => {
  it('leave Alt+← and Alt+→ to the browser', () => {
    const { store, press } = setUp();
    for (const key of ['ArrowLeft', 'ArrowRight']) {
      const event = keydown(key, ['Alt']);
      press(event);
      expect(event.prevented).toBe(false);
    }
    expect(store.getState().cursorSeq).toBe(10);
  });

  it('take ← and → without modifiers, and move the cursor', () => {
    const { store, press } = setUp();
    const event = keydown('ArrowLeft');
    press(event);
    expect(event.prevented).toBe(true);
    expect(store.getState().cursorSeq).toBe(9);
  });

  it('pin and unpin the detail with p', () => {
    const { store, press } = setUp();
    press(keydown('p'));
    expect(store.getState().pinnedSeq).toBe(10);
    press(keydown('p'));
    expect(store.getState().pinnedSeq).toBeNull();
  });

  it('open and close the shortcut list with ? typed with Shift or without it (layouts differ)', () => {
    const { store, press } = setUp();
    press(keydown('?', ['Shift']));
    expect(store.getState().isKeysOverlayOpen).toBe(true);
    press(keydown('?'));
    expect(store.getState().isKeysOverlayOpen).toBe(false);
    press(keydown('?'));
    expect(store.getState().isKeysOverlayOpen).toBe(true);
  });
});
