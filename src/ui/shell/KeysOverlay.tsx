// The `?` overlay listing every keyboard shortcut.
import { useEffect, useRef } from 'react';
import { Kbd } from '../shared/Kbd.tsx';
import { KEY_BINDINGS } from '../use-keyboard.ts';

/**
 * Modal list of keys; closes on Esc, on the button, or on a click outside. It takes the focus when it
 * opens (its close button) and gives it back to where it was when it closes.
 */
export function KeysOverlay({ onClose }: { onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => before?.focus();
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        className="w-[26rem] rounded-lg border border-zinc-200 bg-white p-4 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
        onClick={(event) => event.stopPropagation()}
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-sm font-semibold">Keyboard shortcuts</h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="rounded px-2 text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            aria-label="Close"
          >
            ✕
          </button>
        </div>
        <table className="w-full text-sm">
          <tbody>
            {KEY_BINDINGS.map((binding) => (
              <tr key={binding.action} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="py-1.5 pr-3 whitespace-nowrap">
                  {binding.keys.map((key) => (
                    <span key={key} className="mr-1">
                      <Kbd>{key}</Kbd>
                    </span>
                  ))}
                </td>
                <td className="py-1.5 text-zinc-600 dark:text-zinc-300">{binding.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
