// The names dsh gives a session's files (FORMAT.md §1.1, §8.3): the project directory of a cwd, the
// directory of a session id, and the export ZIP's sanitized id. Discovery never needs them (it
// trusts headers, not names); they build sessions roots for tests and benchmarks, and let a viewer
// say where dsh would keep a session.

const SAFE_NAME_CHAR = /[A-Za-z0-9._-]/;
/** The longest project slug before the `--` wrapping. */
const PROJECT_SLUG_MAX_CHARS = 251;

/** `~XXXX` for every UTF-16 code unit outside [A-Za-z0-9._-], `~` included. */
function escapeName(text: string): string {
  let escaped = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    escaped += SAFE_NAME_CHAR.test(char)
      ? char
      : `~${text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return escaped;
}

/** The project directory of a session (`--<slug>--`, or `_no-cwd` without a cwd), FORMAT.md §1.1. */
export function projectDirectoryName(cwd: string | null): string {
  if (cwd === null) return '_no-cwd';
  const slug = escapeName(cwd.replace(/[/\\:]+/g, '-')).replace(/^-+/, '');
  return `--${(slug === '' ? 'root' : slug).slice(0, PROJECT_SLUG_MAX_CHARS)}--`;
}

/** The session directory of an id, FORMAT.md §1.1 (injective: `.` and `..` are escaped too). */
export function sessionDirectoryName(id: string): string {
  if (id === '.') return '~002E';
  if (id === '..') return '~002E~002E';
  return escapeName(id);
}

/** The export ZIP's `<safe-id>` (FORMAT.md §1.1): every character outside [A-Za-z0-9_-] becomes `_`. */
export function exportSafeId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}
