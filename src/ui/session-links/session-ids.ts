// How a session id is shortened on screen, for every place that names a session (the session list,
// the links between sessions, the parent link): ids are keys, never shortened in data.

/** A short id for labels: the first 8 characters after a `session-` prefix (ids are keys: never shortened in data). */
export function shortId(id: string): string {
  return id.replace(/^session-/, '').slice(0, 8);
}
