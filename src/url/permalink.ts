// Permalink parse/format: the URL hash `#seq=123&session=<id>&log=<content key>` (and, for a session
// of a workspace, `&ws=<stored workspace key>&wsname=<folder or ZIP name>`, and while it is compared
// with another session of it, `&cmp=<that session's id>&cmpat=<turn>[.<step>]`, and `&cmpfree=<a>.<b>`
// while its two sides are unlocked) and the query
// `?demo=1` / `?src=<url>`. Pure and total: every field is parsed on its own, so one bad value never
// loses the others, and no input (a crafted link included) makes a parser throw.
//
// A session id is untrusted text (any log can claim any id): in a link it is escaped as FORMAT.md
// §1.1 escapes a session directory's name (`~XXXX` for every UTF-16 code unit outside
// [A-Za-z0-9._:-], `~` included), so the link's field is always of that small alphabet, and the
// id it gives back is exactly the one formatted, whatever its characters. It only names a session
// for people and within a workspace; the content key (`log`) says which bytes the link was made for.

/** What the hash says. Each field is null when absent or unusable; `notices` say what was dropped. */
export interface PermalinkHash {
  /** Non-negative integer seq, not yet clamped to a log (the log may not be open). */
  seq: number | null;
  /**
   * The content key of the log the link was made for (the hash of its bytes, see
   * src/worker/content-key.ts): the only field that picks a stored log. Null in old links.
   */
  logKey: string | null;
  /**
   * Session id (header `id`), at most SESSION_ID_MAX_CHARS characters. The log itself says it, so it
   * only names the log for people, and finds a stored log for old links that have no `log`.
   */
  sessionId: string | null;
  /**
   * The stored workspace the session belongs to (log-persistence.ts workspace keys: `zip:<hash of
   * the ZIP's bytes>` or `dir:<random id of a stored folder handle>`), or null.
   */
  workspaceKey: string | null;
  /** The folder or ZIP name the workspace was opened from (untrusted text, for the "open …" ask), or null. */
  workspaceName: string | null;
  notices: string[];
}

/** What the query string asks to open on start, and what was wrong with it. */
export type StartRequest = (
  | { kind: 'demo' }
  /** `follow`: `&follow=1`, follow the URL with Range requests as it grows (issue 22). */
  | { kind: 'url'; url: string; follow?: boolean }
  | { kind: 'none' }
) & {
  notices: string[];
};

const SESSION_ID_MAX_CHARS = 200;
/** A session id as a link carries it (escaped): the id's safe characters and `~XXXX` escapes. */
const ESCAPED_SESSION_ID_PATTERN = /^(?:[A-Za-z0-9._:-]|~[0-9A-F]{4})+$/;
const SAFE_ID_CHAR = /[A-Za-z0-9._:-]/;
/** A stored workspace's key (log-persistence.ts workspaceKeyOf / a folder handle's random id). */
const WORKSPACE_KEY_PATTERN = /^(?:zip:[0-9a-f]{64}|dir:[0-9a-f]{32})$/;
const WORKSPACE_NAME_MAX_CHARS = 200;
/** A content key: 64 lower-case hex digits (src/worker/content-key.ts). */
const LOG_KEY_PATTERN = /^[0-9a-f]{64}$/;
/** Longest piece of a bad field quoted back in a notice. */
const QUOTED_MAX_CHARS = 40;

/**
 * The raw (still percent-encoded) value of `name` in a query or hash string, or null. Used only to
 * tell whether the value's escapes are well formed: URLSearchParams decodes a bad one silently.
 */
function readRawParam(text: string, name: string): string | null {
  for (const part of text.split('&')) {
    const equals = part.indexOf('=');
    const key = equals < 0 ? part : part.slice(0, equals);
    if (key === name) return equals < 0 ? '' : part.slice(equals + 1);
  }
  return null;
}

/** Whether `raw` has a `%` escape that is not valid percent-encoded UTF-8 (decodeURIComponent refuses it). */
function hasMalformedEscape(raw: string): boolean {
  try {
    decodeURIComponent(raw.replace(/\+/g, ' '));
    return false;
  } catch {
    // URIError: a lone `%`, a non-hex digit, or bytes that are not UTF-8.
    return true;
  }
}

/** `id` as a link carries it: `~XXXX` for each UTF-16 code unit outside [A-Za-z0-9._:-] (FORMAT.md §1.1's scheme). */
function escapeSessionId(id: string): string {
  let escaped = '';
  for (let index = 0; index < id.length; index++) {
    const char = id[index] as string;
    escaped += SAFE_ID_CHAR.test(char)
      ? char
      : `~${id.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return escaped;
}

/** The id an escaped field names, or null when it is not one escapeSessionId writes, too long, or not well-formed UTF-16. */
function unescapeSessionId(escaped: string): string | null {
  if (escaped.length > SESSION_ID_MAX_CHARS * 5 || !ESCAPED_SESSION_ID_PATTERN.test(escaped)) return null;
  const id = escaped.replace(/~([0-9A-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if (id.length > SESSION_ID_MAX_CHARS || !isWellFormed(id)) return null;
  // One spelling per id: an escape of a safe character would be a second link to the same session.
  return escapeSessionId(id) === escaped ? id : null;
}

/** Whether `text` has no lone surrogate (String.prototype.isWellFormed, ES2024). */
function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTED_MAX_CHARS ? `${text.slice(0, QUOTED_MAX_CHARS)}…` : text);
}

/** Parses a location hash (with or without the leading `#`). */
export function parsePermalinkHash(hash: string): PermalinkHash {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new URLSearchParams(text);
  const notices: string[] = [];
  let seq: number | null = null;
  const rawSeq = params.get('seq');
  if (rawSeq !== null) {
    const trimmed = rawSeq.trim();
    if (/^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed))) seq = Number(trimmed);
    else if (/^-\d+$/.test(trimmed)) {
      seq = 0;
      notices.push(`The link's seq ${trimmed.slice(0, QUOTED_MAX_CHARS)} is negative; showing seq 0.`);
    } else if (/^\d+$/.test(trimmed)) {
      seq = Number.MAX_SAFE_INTEGER;
      notices.push(`The link's seq is beyond any log; showing the last event.`);
    } else {
      notices.push(`The link's seq ${quote(rawSeq)} is not a number; it was ignored.`);
    }
  }
  let logKey: string | null = null;
  const rawLog = params.get('log');
  if (rawLog !== null) {
    if (LOG_KEY_PATTERN.test(rawLog)) logKey = rawLog;
    else notices.push('The link names a log key that is not valid; it was ignored.');
  }
  let sessionId: string | null = null;
  const rawSession = params.get('session');
  if (rawSession !== null) {
    sessionId = unescapeSessionId(rawSession);
    if (sessionId === null) notices.push('The link names a session id that is not valid; it was ignored.');
  }
  let workspaceKey: string | null = null;
  const rawWorkspace = params.get('ws');
  if (rawWorkspace !== null) {
    if (WORKSPACE_KEY_PATTERN.test(rawWorkspace)) workspaceKey = rawWorkspace;
    else notices.push('The link names a stored folder or ZIP key that is not valid; it was ignored.');
  }
  let workspaceName: string | null = null;
  const rawName = params.get('wsname');
  if (rawName !== null) {
    if (rawName !== '' && rawName.length <= WORKSPACE_NAME_MAX_CHARS && isWellFormed(rawName))
      workspaceName = rawName;
    else notices.push('The link names a folder or ZIP whose name is not valid; it was ignored.');
  }
  return { seq, logKey, sessionId, workspaceKey, workspaceName, notices };
}

/** The workspace a link to one of its sessions names: its stored key (if stored) and its name. */
export interface WorkspaceLinkPart {
  key: string | null;
  name: string;
}

/** Formats the hash for a cursor (no leading `#`); fields that are null are left out. */
export function formatPermalinkHash(
  seq: number | null,
  sessionId: string | null,
  logKey: string | null = null,
  workspace: WorkspaceLinkPart | null = null,
): string {
  const params = new URLSearchParams();
  if (seq !== null) params.set('seq', String(seq));
  if (sessionId !== null) params.set('session', escapeSessionId(sessionId));
  if (logKey !== null) params.set('log', logKey);
  if (workspace !== null) {
    if (workspace.key !== null) params.set('ws', workspace.key);
    const name = workspace.name.slice(0, WORKSPACE_NAME_MAX_CHARS);
    params.set('wsname', isWellFormed(name) ? name : name.slice(0, -1));
  }
  return params.toString();
}

/**
 * Where a compare of the linked session with another session of its workspace stands: the aligned
 * turn and step (0-based indexes into the compare view's alignment, src/log/compare/align-runs.ts),
 * or null for "at the first divergence".
 */
interface CompareLinkPosition {
  turnIndex: number;
  /** Null: the aligned turn as a whole. */
  stepIndex: number | null;
}

/**
 * A compare the link restarts: `cmp=<other session id, escaped as session=>&cmpat=<turn>[.<step>]`,
 * and `&cmpfree=<seq of A>.<seq of B>` when the two sides are unlocked (each at a seq of its own).
 */
export interface CompareLink {
  /** The other workspace session's id (untrusted text, like `session=`). */
  sessionId: string;
  position: CompareLinkPosition | null;
  /** Unlocked: each side's seq (A, B), not yet clamped to the runs. Absent: locked to the position. */
  freeSeqs?: [number, number];
}

/** `cmpat`'s form: an aligned turn index, then optionally `.` and an aligned step index. */
const COMPARE_POSITION_PATTERN = /^(\d{1,9})(?:\.(\d{1,9}))?$/;
/** `cmpfree`'s form: two seqs, A's and B's. */
const COMPARE_FREE_SEQS_PATTERN = /^(\d{1,15})\.(\d{1,15})$/;

/** Reads `cmp=` / `cmpat=` from a location hash; each bad field is dropped with a notice, never thrown. */
export function parseCompareLink(hash: string): { compare: CompareLink | null; notices: string[] } {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const notices: string[] = [];
  const rawSession = params.get('cmp');
  const rawPosition = params.get('cmpat');
  const rawFree = params.get('cmpfree');
  let position: CompareLinkPosition | null = null;
  if (rawPosition !== null) {
    const match = COMPARE_POSITION_PATTERN.exec(rawPosition);
    if (match === null)
      notices.push(
        `The link's compare position ${quote(rawPosition)} is not <turn> or <turn>.<step>; the compare opens at the first divergence.`,
      );
    else
      position = {
        turnIndex: Number(match[1]),
        stepIndex: match[2] === undefined ? null : Number(match[2]),
      };
  }
  let freeSeqs: [number, number] | null = null;
  if (rawFree !== null) {
    const match = COMPARE_FREE_SEQS_PATTERN.exec(rawFree);
    if (match === null || position === null)
      notices.push(
        match === null
          ? `The link's unlocked seqs ${quote(rawFree)} are not <seq>.<seq>; the compare opens locked.`
          : "The link's unlocked seqs come without a compare position; the compare opens locked.",
      );
    else freeSeqs = [Number(match[1]), Number(match[2])];
  }
  if (rawSession === null) {
    if (rawPosition !== null || rawFree !== null)
      notices.push('The link names a compare position but no session to compare with; it was ignored.');
    return { compare: null, notices };
  }
  const sessionId = unescapeSessionId(rawSession);
  if (sessionId === null) {
    notices.push('The link names a session to compare with whose id is not valid; no compare was opened.');
    return { compare: null, notices };
  }
  return {
    compare: freeSeqs === null ? { sessionId, position } : { sessionId, position, freeSeqs },
    notices,
  };
}

/** `hash` (as formatPermalinkHash writes it) with `compare`'s fields set, or without any when null. */
export function withCompareLink(hash: string, compare: CompareLink | null): string {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  params.delete('cmp');
  params.delete('cmpat');
  params.delete('cmpfree');
  if (compare !== null) {
    params.set('cmp', escapeSessionId(compare.sessionId));
    const { position, freeSeqs } = compare;
    if (position !== null) {
      params.set(
        'cmpat',
        position.stepIndex === null
          ? String(position.turnIndex)
          : `${position.turnIndex}.${position.stepIndex}`,
      );
      if (freeSeqs !== undefined) params.set('cmpfree', `${freeSeqs[0]}.${freeSeqs[1]}`);
    }
  }
  return params.toString();
}

/** Reads `?demo=1` or `?src=<http(s) url>` from a query string; anything else opens nothing. */
export function parseStartRequest(search: string, baseUrl: string): StartRequest {
  const text = search.startsWith('?') ? search.slice(1) : search;
  const params = new URLSearchParams(text);
  const notices: string[] = [];
  const source = params.get('src');
  if (source !== null && source !== '') {
    const raw = readRawParam(text, 'src');
    if (raw !== null && hasMalformedEscape(raw)) {
      notices.push(
        `The link's src ${quote(raw)} is not valid percent-encoded UTF-8; the bad escapes were read as "\uFFFD".`,
      );
    }
    let url: URL | null = null;
    try {
      url = new URL(source, baseUrl);
    } catch {
      // Not a URL at all: said below.
    }
    if (url !== null && (url.protocol === 'http:' || url.protocol === 'https:'))
      return params.get('follow') === '1'
        ? { kind: 'url', url: url.href, follow: true, notices }
        : { kind: 'url', url: url.href, notices };
    notices.push(`The link's src ${quote(source)} is not an http(s) URL; nothing was opened from it.`);
  }
  const demo = params.get('demo');
  if (demo !== null && demo !== '0' && demo !== 'false') return { kind: 'demo', notices };
  return { kind: 'none', notices };
}

/**
 * The query string of a link to a log from `source`, keeping the rest of `search`: `src=<url>` for
 * a streamed log, `demo=1` for the demo, neither for a file (it is found by its content key).
 */
export function formatSourceQuery(
  search: string,
  source: { kind: 'file' } | { kind: 'url'; url: string } | { kind: 'demo' },
): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  params.delete('src');
  params.delete('demo');
  if (source.kind === 'url') params.set('src', source.url);
  if (source.kind === 'demo') params.set('demo', '1');
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
