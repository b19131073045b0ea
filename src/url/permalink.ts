// Permalink parse/format: the URL hash `#seq=123&session=<id>` and the query `?demo=1` / `?src=<url>`.
// Pure; every field is parsed on its own so one bad value never loses the others.

/** What the hash says. Each field is null when absent or unusable; `notices` say what was dropped. */
export interface PermalinkHash {
  /** Non-negative integer seq, not yet clamped to a log (the log may not be open). */
  seq: number | null;
  /** Session id (header `id`), at most SESSION_ID_MAX_CHARS characters. */
  sessionId: string | null;
  notices: string[];
}

/** What the query string asks to open on start. */
export type StartRequest = { kind: 'demo' } | { kind: 'url'; url: string } | { kind: 'none' };

const SESSION_ID_MAX_CHARS = 200;
const SESSION_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** Parses a location hash (with or without the leading `#`). */
export function parsePermalinkHash(hash: string): PermalinkHash {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const notices: string[] = [];
  let seq: number | null = null;
  const rawSeq = params.get('seq');
  if (rawSeq !== null) {
    const trimmed = rawSeq.trim();
    if (/^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed))) seq = Number(trimmed);
    else if (/^-\d+$/.test(trimmed)) {
      seq = 0;
      notices.push(`The link's seq ${trimmed} is negative; showing seq 0.`);
    } else if (/^\d+$/.test(trimmed)) {
      seq = Number.MAX_SAFE_INTEGER;
      notices.push(`The link's seq is beyond any log; showing the last event.`);
    } else {
      notices.push(`The link's seq "${rawSeq.slice(0, 40)}" is not a number; it was ignored.`);
    }
  }
  let sessionId: string | null = null;
  const rawSession = params.get('session');
  if (rawSession !== null) {
    if (rawSession.length <= SESSION_ID_MAX_CHARS && SESSION_ID_PATTERN.test(rawSession))
      sessionId = rawSession;
    else notices.push('The link names a session id that is not valid; it was ignored.');
  }
  return { seq, sessionId, notices };
}

/** Formats the hash for a cursor (no leading `#`); fields that are null are left out. */
export function formatPermalinkHash(seq: number | null, sessionId: string | null): string {
  const params = new URLSearchParams();
  if (seq !== null) params.set('seq', String(seq));
  if (sessionId !== null) params.set('session', sessionId);
  return params.toString();
}

/** Reads `?demo=1` or `?src=<http(s) url>` from a query string; anything else opens nothing. */
export function parseStartRequest(search: string, baseUrl: string): StartRequest {
  const params = new URLSearchParams(search);
  const source = params.get('src');
  if (source !== null && source !== '') {
    try {
      const url = new URL(source, baseUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') return { kind: 'url', url: url.href };
    } catch {
      // Not a URL at all: treated like an unsupported scheme below.
    }
  }
  const demo = params.get('demo');
  if (demo !== null && demo !== '0' && demo !== 'false') return { kind: 'demo' };
  return { kind: 'none' };
}
