// A seq shown as a link to its event.

/** A seq link: one click moves the store cursor (and selection), so every pane follows. */
export function SeqLink({
  seq,
  label,
  onSelect,
}: {
  seq: number | null;
  label?: string;
  onSelect: (seq: number) => void;
}) {
  if (seq === null) return <span className="font-mono text-zinc-600 dark:text-zinc-400">—</span>;
  return (
    <button
      type="button"
      data-seq={seq}
      onClick={() => onSelect(seq)}
      className="rounded font-mono text-sky-700 underline decoration-sky-300 underline-offset-2 hover:bg-sky-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-sky-300 dark:decoration-sky-700 dark:hover:bg-sky-950"
      title={`Go to seq ${seq}`}
    >
      {label ?? `#${seq}`}
    </button>
  );
}
