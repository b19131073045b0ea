// Permalink parse/format: the URL hash `#seq=123&session=<id>&log=<content key>` and the query
// `?demo=1` / `?src=<url>`. Pure and total: every field is parsed on its own, so one bad value never
// loses the others, and no input (a crafted link included) makes a parser throw.

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
  notices: string[];
}

/** What the query string asks to open on start, and what was wrong with it. */
export type StartRequest = ({ kind: 'demo' } | { kind: 'url'; url: string } | { kind: 'none' }) & {
  notices: string[];
};

const SESSION_ID_MAX_CHARS = 200;
const SESSION_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
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
    if (rawSession.length <= SESSION_ID_MAX_CHARS && SESSION_ID_PATTERN.test(rawSession))
      sessionId = rawSession;
    else notices.push('The link names a session id that is not valid; it was ignored.');
  }
  return { seq, logKey, sessionId, notices };
}

/** Formats the hash for a cursor (no leading `#`); fields that are null are left out. */
export function formatPermalinkHash(
  seq: number | null,
  sessionId: string | null,
  logKey: string | null = null,
): string {
  const params = new URLSearchParams();
  if (seq !== null) params.set('seq', String(seq));
  if (sessionId !== null) params.set('session', sessionId);
  if (logKey !== null) params.set('log', logKey);
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
      return { kind: 'url', url: url.href, notices };
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
