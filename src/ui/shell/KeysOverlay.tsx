// The `?` overlay listing every keyboard shortcut.
import { Kbd } from '../shared/Kbd.tsx';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { KEY_BINDINGS } from '../use-keyboard.ts';

/** Modal list of keys (the shared ModalDialog frame: Esc, the button or a click outside closes it). */
export function KeysOverlay({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog
      label="Keyboard shortcuts"
      title="Keyboard shortcuts"
      onClose={onClose}
      className="w-[26rem]"
    >
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
    </ModalDialog>
  );
}
