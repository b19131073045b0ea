// Message source kinds (`message.source.kind`) that need words of their own: who produced a
// message, for rows, the source facet and the model view's cards. Kinds not listed are shown by
// their name. Sources: docs/format-generations.md ("Vocabulary of 0.2.1").

import { isRecord } from '../event.ts';

/** How one source kind is shown, and whether a person wrote the message. */
interface SourceKindEntry {
  /** The label; `source` is the message's source object (its extra fields, e.g. a call id). */
  label: (source: Record<string, unknown>) => string;
  /** A person's words (the source facet's `user`), not context the harness injected. */
  isPerson: boolean;
}

const SOURCE_KINDS: Readonly<Record<string, SourceKindEntry>> = {
  user: { label: () => 'user', isPerson: true },
  // dsh-user-questions (0.2.1): a person's late answer to a continued ask_user_question call.
  'user-question-reply': {
    label: (source) =>
      `answer to question ${typeof source['callId'] === 'string' ? source['callId'] : '(no call id)'}`,
    isPerson: true,
  },
  // dsh-working-directory (0.2.1): the notice that the working directory changed.
  'working-directory': { label: () => 'working-directory notice', isPerson: false },
};

/** The label of a message's source: its producer's words, or the stored kind (`user` without one). */
export function describeMessageSource(source: unknown): string {
  if (!isRecord(source)) return 'user';
  const kind = source['kind'];
  if (kind === 'plugin' && typeof source['plugin'] === 'string') return source['plugin'];
  if (typeof kind !== 'string') return String(kind);
  const entry = Object.hasOwn(SOURCE_KINDS, kind) ? SOURCE_KINDS[kind] : undefined;
  return entry ? entry.label(source) : kind;
}

/** Whether a person wrote a user-role message with this source (no source: a person, FORMAT.md §5.1). */
export function isPersonSource(source: unknown): boolean {
  if (!isRecord(source) || source['kind'] === undefined) return true;
  const kind = source['kind'];
  return (
    typeof kind === 'string' && Object.hasOwn(SOURCE_KINDS, kind) && SOURCE_KINDS[kind]?.isPerson === true
  );
}
