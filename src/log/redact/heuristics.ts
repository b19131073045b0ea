// The detectors that are not one provider's shape: high-entropy tokens and keyword assignments (the
// ideas of detect-secrets' Base64HighEntropyString and KeywordDetector), and secret-named fields.
//
// False positives matter as much as misses: a log masked everywhere cannot be read. So the
// entropy detector only looks at base64-like tokens of 24 to 256 characters mixing upper case,
// lower case and digits, with a Shannon entropy of at least 4.5 bits per character (detect-secrets'
// default limit for base64). Pure hex (SHA-256 digests, git commits, attachment ids) and UUIDs are
// never flagged by entropy alone: logs are full of them and they are not credentials; a hex key
// next to a secret-sounding name is caught by the keyword detector instead.

import { isPlaceholder } from './rules.ts';

/** Shannon entropy in bits per character. */
function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  const length = text.length;
  for (const count of counts.values()) {
    const p = count / length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

const ENTROPY_MIN_LENGTH = 24;
const ENTROPY_MAX_LENGTH = 256;
const ENTROPY_MIN_BITS = 4.5;

/**
 * Token characters (`[A-Za-z0-9+/_=-]`) by char code. Tokens are the maximal runs of them of at least
 * ENTROPY_MIN_LENGTH, found in one pass: the equivalent /[A-Za-z0-9+/_=-]{24,}/g retried at every
 * start inside each shorter word and was the export's costliest regex (1.7 s of 11.5 s of CPU on the
 * benchmark log).
 */
const IS_TOKEN_CHAR = (() => {
  const table = new Uint8Array(128);
  for (const range of ['AZ', 'az', '09'])
    for (let code = range.charCodeAt(0); code <= range.charCodeAt(1); code++) table[code] = 1;
  for (const char of '+/_=-') table[char.charCodeAt(0)] = 1;
  return table;
})();

/** Calls `onRun(start, end)` for each maximal run of token characters at least `minLength` long. */
function forEachTokenRun(text: string, minLength: number, onRun: (start: number, end: number) => void): void {
  let start = -1;
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 0;
    if (code < 128 && IS_TOKEN_CHAR[code] === 1) {
      if (start < 0) start = at;
    } else if (start >= 0) {
      if (at - start >= minLength) onRun(start, at);
      start = -1;
    }
  }
}

/** True for a token the entropy detector flags (see the file's comment for why each condition). */
function isHighEntropyToken(token: string): boolean {
  if (token.length < ENTROPY_MIN_LENGTH || token.length > ENTROPY_MAX_LENGTH) return false;
  if (!/[A-Z]/.test(token) || !/[a-z]/.test(token) || !/[0-9]/.test(token)) return false;
  // Paths and identifiers (a/b/c, snake_case_names, kebab-case-words) are words joined, not noise.
  if (/^[A-Za-z]+(?:[/_-][A-Za-z0-9]+)*$/.test(token) && !/[0-9].*[A-Z]|[A-Z].*[0-9]/.test(token))
    return false;
  if (/(?:[/_-][A-Za-z]{3,}){2,}/.test(token.replace(/[0-9]/g, ''))) {
    const words = token.split(/[/_.-]/).filter((part) => /^[A-Za-z]{3,}$/.test(part)).length;
    if (words >= 2) return false;
  }
  return shannonEntropy(token) >= ENTROPY_MIN_BITS;
}

/** Ranges [start, end) of the high-entropy tokens of `text`. */
export function findHighEntropyTokens(text: string): [number, number][] {
  const found: [number, number][] = [];
  forEachTokenRun(text, ENTROPY_MIN_LENGTH, (runStart, runEnd) => {
    let token = text.slice(runStart, runEnd);
    let start = runStart;
    // A token glued to `=`/`-` padding or separators keeps its core (`key=…`, `--flag=…`).
    const eq = token.search(/=+(?!=*$)/);
    if (eq >= 0) {
      const value = token.slice(eq).replace(/^=+/, '');
      start += token.length - value.length;
      token = value;
    }
    if (isHighEntropyToken(token)) found.push([start, start + token.length]);
  });
  return found;
}

/** A field name that says its value is a credential (`apiKey`, `authorization`, `x-api-key`, `password`). */
const SECRET_FIELD =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey|x-goog-api-key|x-auth-token|access[-_]?token|refresh[-_]?token|id[-_]?token|auth[-_]?token|bearer|client[-_]?secret|secret[-_]?key|secret|password|passwd|private[-_]?key|token|session[-_]?token|[a-z0-9_]*(?:api_key|_token|_secret|_password))$/i;

/** True when a string field with this name holds a secret as a whole (FORMAT.md request headers, env). */
export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/** True when the value of a secret-named field is worth masking (not a placeholder, not tiny). */
export function isSecretFieldValue(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= 8 && !isPlaceholder(trimmed) && !/^(?:Bearer|Basic)$/i.test(trimmed);
}

/**
 * Keyword assignments in prose and code (`password = "hunter2x9"`, `"secret": "…"`, `token: …`):
 * a secret-sounding name, `=` or `:`, and a value of 8+ characters with a letter and a digit and no
 * code punctuation (so `token = getToken()` and `password: process.env.PASSWORD` are not flagged).
 */
const KEYWORD_ASSIGNMENT =
  /(?<![A-Za-z0-9])["']?[A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credential)s?["']?\s*(?::=|=|:)\s*(["'`]?)([A-Za-z0-9+/=_~!@#%^*.-]{8,200})\1/gi;

/** Ranges [start, end) of the values of keyword assignments in `text`. */
const KEYWORD_PREFILTER = /pass|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credential/i;

export function findKeywordAssignments(text: string): [number, number][] {
  const found: [number, number][] = [];
  // The full pattern (a lookbehind, optional quotes) is slow on long text; most text has no keyword.
  if (!KEYWORD_PREFILTER.test(text)) return found;
  KEYWORD_ASSIGNMENT.lastIndex = 0;
  for (let match = KEYWORD_ASSIGNMENT.exec(text); match !== null; match = KEYWORD_ASSIGNMENT.exec(text)) {
    const value = match[2] ?? '';
    if (!/[A-Za-z]/.test(value) || !/[0-9]/.test(value) || isPlaceholder(value)) continue;
    if (/^\d+(?:\.\d+)*$/.test(value) || /^[a-z]+(?:[._-][a-z]+)+$/i.test(value)) continue;
    if (/^\d+(?:\.\d+)?[a-z]{0,3}$/i.test(value)) continue; // 4096, 1.5s, 8k
    const start = match.index + match[0].length - value.length - (match[1]?.length ?? 0);
    found.push([start, start + value.length]);
  }
  return found;
}
