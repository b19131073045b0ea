// Tests of permalink parsing: tolerant per field, clamping with notices, round trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPermalinkHash, parsePermalinkHash, parseStartRequest } from './permalink.ts';

describe('parsePermalinkHash', () => {
  it('reads seq and session from the hash', () => {
    expect(parsePermalinkHash('#seq=123&session=8fba3b4d-ceb0')).toEqual({
      seq: 123,
      logKey: null,
      sessionId: '8fba3b4d-ceb0',
      notices: [],
    });
  });
  it('keeps the session when the seq is garbage, and says so', () => {
    const parsed = parsePermalinkHash('#seq=abc&session=s1');
    expect(parsed.seq).toBeNull();
    expect(parsed.sessionId).toBe('s1');
    expect(parsed.notices).toHaveLength(1);
  });
  it('clamps a negative seq to 0 with a notice', () => {
    const parsed = parsePermalinkHash('seq=-4');
    expect(parsed.seq).toBe(0);
    expect(parsed.notices[0]).toMatch(/negative/);
  });
  it('turns a seq beyond 2^53 into "the last event" with a notice', () => {
    const parsed = parsePermalinkHash('seq=99999999999999999999');
    expect(parsed.seq).toBe(Number.MAX_SAFE_INTEGER);
    expect(parsed.notices).toHaveLength(1);
  });
  it('drops a session id with characters that cannot be an id', () => {
    const parsed = parsePermalinkHash('seq=2&session=%3Cscript%3E');
    expect(parsed).toMatchObject({ seq: 2, sessionId: null });
    expect(parsed.notices).toHaveLength(1);
  });
  it('has nothing to say about an empty hash', () => {
    expect(parsePermalinkHash('')).toEqual({ seq: null, logKey: null, sessionId: null, notices: [] });
  });
});

describe('formatPermalinkHash', () => {
  it('round-trips through parsePermalinkHash', () => {
    const hash = formatPermalinkHash(42, 'abc-1');
    expect(parsePermalinkHash(hash)).toEqual({ seq: 42, logKey: null, sessionId: 'abc-1', notices: [] });
  });
  it('leaves out fields that are null', () => {
    expect(formatPermalinkHash(7, null)).toBe('seq=7');
  });
});

describe('parseStartRequest', () => {
  const base = 'http://127.0.0.1:4173/';
  it('opens the demo for ?demo=1', () => {
    expect(parseStartRequest('?demo=1', base)).toEqual({ kind: 'demo', notices: [] });
  });
  it('streams an http(s) ?src= URL, resolved against the page', () => {
    expect(parseStartRequest('?src=/logs/a.jsonl', base)).toEqual({
      kind: 'url',
      url: `${base}logs/a.jsonl`,
      notices: [],
    });
  });
  it('refuses a javascript: or data: source', () => {
    expect(parseStartRequest('?src=javascript:alert(1)', base)).toMatchObject({ kind: 'none' });
    expect(parseStartRequest('?src=data:text/plain,x', base)).toMatchObject({ kind: 'none' });
  });
});

describe('hostile URL fields', () => {
  const base = 'http://127.0.0.1:4173/';
  it('opens a ?src= whose percent escapes are malformed, and says what was replaced', () => {
    const start = parseStartRequest('?src=%E0%A4%A', base);
    expect(start.kind).toBe('url');
    expect(start.notices.join(' ')).toMatch(/not valid percent-encoded UTF-8/);
  });
  it('never throws on any hash, query or URL, and keeps each field to its bounds', () => {
    const urlish = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc
        .array(
          fc.constantFrom(
            '%',
            'E0',
            'A4',
            'A',
            '%zz',
            '&',
            '=',
            '#',
            '?',
            'src',
            'seq',
            'session',
            'log',
            '://',
            'http',
            '\uFFFD',
            '\u202E',
          ),
          { maxLength: 20 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(urlish, (text) => {
        const hash = parsePermalinkHash(text);
        if (hash.seq !== null) expect(Number.isSafeInteger(hash.seq) && hash.seq >= 0).toBe(true);
        if (hash.sessionId !== null) expect(hash.sessionId).toMatch(/^[A-Za-z0-9._:-]{1,200}$/);
        const start = parseStartRequest(text, base);
        if (start.kind === 'url') expect(start.url).toMatch(/^https?:\/\//);
      }),
      { numRuns: 2_000 },
    );
  });
});
