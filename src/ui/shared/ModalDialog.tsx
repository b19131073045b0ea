// The frame every modal of the app shares: a backdrop that closes it on a click, a dialog that
// takes the focus when it opens (its close button) and gives it back when it closes, Esc to close.
import { useEffect, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  /** The dialog's accessible name. */
  label: string;
  /** The heading's content (the label, or the label with a count beside it). */
  title: ReactNode;
  onClose: () => void;
  /** Width and layout classes of the dialog box. */
  className: string;
  testId?: string;
  children: ReactNode;
}

export function ModalDialog({ label, title, onClose, className, testId, children }: ModalDialogProps) {
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
        aria-label={label}
        data-testid={testId}
        className={`rounded-lg border border-zinc-200 bg-white p-4 shadow-xl dark:border-zinc-700 dark:bg-zinc-900 ${className}`}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-sm font-semibold">{title}</h2>
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
        {children}
      </div>
    </div>
  );
}
