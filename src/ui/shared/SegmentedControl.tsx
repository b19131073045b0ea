// A row of mutually exclusive buttons (an ARIA radiogroup): the model view's mode, the timeline's axis.

interface SegmentedControlProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** Extra classes for the group (placement, text size). */
  className?: string;
}

export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  className = '',
}: SegmentedControlProps<T>) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={`flex shrink-0 overflow-hidden rounded border border-zinc-300 whitespace-nowrap dark:border-zinc-600 ${className}`}
    >
      {options.map((option) => (
        <button
          type="button"
          role="radio"
          aria-checked={value === option.value}
          key={option.value}
          onClick={() => onChange(option.value)}
          className={`px-2 py-0.5 ${value === option.value ? 'bg-sky-700 text-white' : 'bg-white hover:bg-zinc-100 dark:bg-zinc-800 dark:hover:bg-zinc-700'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
