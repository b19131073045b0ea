// Colors of event types by family, shared by the rows and the detail header.

/** Tailwind text color classes per event type family (prefix before the first `/`). */
const FAMILY_COLORS: Record<string, string> = {
  turn: 'text-violet-700 dark:text-violet-300',
  step: 'text-indigo-600 dark:text-indigo-300',
  user: 'text-sky-700 dark:text-sky-300',
  assistant: 'text-emerald-700 dark:text-emerald-300',
  tool: 'text-amber-700 dark:text-amber-300',
  request: 'text-zinc-500 dark:text-zinc-400',
  compaction: 'text-fuchsia-700 dark:text-fuchsia-300',
  approval: 'text-orange-700 dark:text-orange-300',
  llm: 'text-red-700 dark:text-red-300',
};

/** The color class for an event type; unknown families are neutral. */
export function colorOfEventType(type: string): string {
  const family = type.split('/')[0] ?? '';
  return FAMILY_COLORS[family] ?? 'text-zinc-700 dark:text-zinc-300';
}
