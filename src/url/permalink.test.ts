// Tests of permalink parsing: tolerant per field, clamping with notices, round trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPermalinkHash,
  parseCompareLink,
  parsePermalinkHash,
  parseStartRequest,
  withCompareLink,
} from './permalink.ts';

describe('parsePermalinkHash', () => {
  it('reads seq and session from the hash', () => {
    expect(parsePermalinkHash('#seq=123&session=8fba3b4d-ceb0')).toEqual({
      seq: 123,
      logKey: null,
      sessionId: '8fba3b4d-ceb0',
      workspaceKey: null,
      workspaceName: null,
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
    expect(parsePermalinkHash('')).toEqual({
      seq: null,
      logKey: null,
      sessionId: null,
      workspaceKey: null,
      workspaceName: null,
      notices: [],
    });
  });
});

describe('formatPermalinkHash', () => {
  it('round-trips through parsePermalinkHash', () => {
    const hash = formatPermalinkHash(42, 'abc-1');
    expect(parsePermalinkHash(hash)).toEqual({
      seq: 42,
      logKey: null,
      sessionId: 'abc-1',
      workspaceKey: null,
      workspaceName: null,
      notices: [],
    });
  });
  it('leaves out fields that are null', () => {
    expect(formatPermalinkHash(7, null)).toBe('seq=7');
  });
  it('names a session within a stored workspace: its escaped id, the log key, the workspace key and name', () => {
    const key = 'a'.repeat(64);
    const hash = formatPermalinkHash(9, 'session-1f2e', key, { key: `zip:${'0'.repeat(64)}`, name: 'x.zip' });
    expect(hash).toBe(`seq=9&session=session-1f2e&log=${key}&ws=zip%3A${'0'.repeat(64)}&wsname=x.zip`);
    expect(parsePermalinkHash(hash)).toMatchObject({
      seq: 9,
      sessionId: 'session-1f2e',
      logKey: key,
      workspaceKey: `zip:${'0'.repeat(64)}`,
      workspaceName: 'x.zip',
      notices: [],
    });
  });
  it('a folder that is not stored has a name and no key', () => {
    const parsed = parsePermalinkHash(formatPermalinkHash(1, 'a', null, { key: null, name: 'sessions' }));
    expect(parsed).toMatchObject({ workspaceKey: null, workspaceName: 'sessions', notices: [] });
  });
});

describe('hostile session ids and workspace fields', () => {
  const hostile = [
    '<script>alert(1)</script>',
    'a&seq=999&log=' + 'f'.repeat(64),
    '#ws=dir:' + '0'.repeat(32),
    '__proto__',
    'constructor',
    '\u202Egnp.exe',
    'zero\u200Bwidth',
    '~0041',
    '%41',
    '..',
    'line\nbreak\u0000nul',
    '😀 emoji',
    ' spaced id ',
  ];
  it.each(hostile)(
    'formats %j into the safe alphabet and reads the same id back, no other field touched',
    (id) => {
      const hash = formatPermalinkHash(3, id, null);
      const raw = new URLSearchParams(hash).get('session');
      expect(raw).toMatch(/^(?:[A-Za-z0-9._:-]|~[0-9A-F]{4})+$/);
      expect(parsePermalinkHash(hash)).toEqual({
        seq: 3,
        logKey: null,
        sessionId: id,
        workspaceKey: null,
        workspaceName: null,
        notices: [],
      });
    },
  );
  it('refuses escapes that are not the one spelling of an id, lone surrogates and ids past 200 characters', () => {
    for (const raw of ['~0041', 'a~00', '~d800', '~D800', `${'a'.repeat(201)}`, '~007E~00']) {
      const parsed = parsePermalinkHash(`session=${raw}`);
      expect(parsed.sessionId, raw).toBeNull();
      expect(parsed.notices, raw).toHaveLength(1);
    }
    expect(parsePermalinkHash('session=~007E').sessionId).toBe('~');
  });
  it('refuses a workspace key of another shape and an empty or malformed name, keeping the rest', () => {
    const parsed = parsePermalinkHash(`seq=4&ws=zip:${'A'.repeat(64)}&wsname=`);
    expect(parsed).toMatchObject({ seq: 4, workspaceKey: null, workspaceName: null });
    expect(parsed.notices).toHaveLength(2);
    expect(parsePermalinkHash('ws=file:abc').workspaceKey).toBeNull();
    expect(parsePermalinkHash(`ws=dir:${'0'.repeat(32)}`).workspaceKey).toBe(`dir:${'0'.repeat(32)}`);
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

describe('compare links (cmp, cmpat)', () => {
  const workspaceHash = formatPermalinkHash(7, 'base-1', 'a'.repeat(64), { key: null, name: 'root' });
  it('adds the other session and the aligned position to a workspace hash, keeping its fields', () => {
    const hash = withCompareLink(workspaceHash, {
      sessionId: 'other 2',
      position: { turnIndex: 3, stepIndex: 1 },
    });
    const params = new URLSearchParams(hash);
    expect(params.get('cmp')).toBe('other~00202');
    expect(params.get('cmpat')).toBe('3.1');
    expect(parsePermalinkHash(hash)).toMatchObject({ seq: 7, sessionId: 'base-1', workspaceName: 'root' });
    expect(parseCompareLink(hash)).toEqual({
      compare: { sessionId: 'other 2', position: { turnIndex: 3, stepIndex: 1 } },
      notices: [],
    });
  });
  it('writes a turn alone without a step, and no cmpat when the position is the first divergence', () => {
    const turnOnly = withCompareLink(workspaceHash, {
      sessionId: 'o',
      position: { turnIndex: 0, stepIndex: null },
    });
    expect(new URLSearchParams(turnOnly).get('cmpat')).toBe('0');
    expect(parseCompareLink(turnOnly).compare?.position).toEqual({ turnIndex: 0, stepIndex: null });
    const atFirst = withCompareLink(workspaceHash, { sessionId: 'o', position: null });
    expect(new URLSearchParams(atFirst).has('cmpat')).toBe(false);
    expect(parseCompareLink(atFirst)).toEqual({ compare: { sessionId: 'o', position: null }, notices: [] });
  });
  it('removes both fields when there is no compare', () => {
    const compared = withCompareLink(workspaceHash, {
      sessionId: 'o',
      position: { turnIndex: 2, stepIndex: 0 },
    });
    expect(withCompareLink(compared, null)).toBe(workspaceHash);
    expect(parseCompareLink(workspaceHash)).toEqual({ compare: null, notices: [] });
  });
  it.each(['<script>', '~0041', '~D800', 'a'.repeat(201)])(
    'refuses the other session id %j and opens no compare, saying so',
    (raw) => {
      const parsed = parseCompareLink(`session=s&cmp=${encodeURIComponent(raw)}&cmpat=1.2`);
      expect(parsed.compare).toBeNull();
      expect(parsed.notices).toHaveLength(1);
    },
  );
  it.each(['-1', '1.', '.2', '1.2.3', 'x', '', '1e3', '1234567890'])(
    'keeps the compare but drops the position %j (first divergence instead), with a notice',
    (raw) => {
      const parsed = parseCompareLink(`cmp=o&cmpat=${raw}`);
      expect(parsed.compare).toEqual({ sessionId: 'o', position: null });
      expect(parsed.notices).toHaveLength(1);
    },
  );
  it('writes an unlocked pair as cmpfree=<seq of A>.<seq of B> beside its position, and drops a bad one (locked)', () => {
    const unlocked = withCompareLink(workspaceHash, {
      sessionId: 'o',
      position: { turnIndex: 2, stepIndex: 1 },
      freeSeqs: [40, 7],
    });
    expect(new URLSearchParams(unlocked).get('cmpfree')).toBe('40.7');
    expect(withCompareLink(unlocked, { sessionId: 'o', position: null })).not.toMatch(/cmpfree/);
    for (const raw of ['40', '4.x', '-1.2', '1.2.3', '']) {
      const parsed = parseCompareLink(`cmp=o&cmpat=2.1&cmpfree=${raw}`);
      expect(parsed.compare, raw).toEqual({ sessionId: 'o', position: { turnIndex: 2, stepIndex: 1 } });
      expect(parsed.notices, raw).toHaveLength(1);
    }
    // Seqs of its own need a place to start from.
    expect(parseCompareLink('cmp=o&cmpfree=1.2')).toMatchObject({
      compare: { position: null },
      notices: [expect.stringMatching(/locked/)],
    });
  });
  it('ignores a position without a session to compare with', () => {
    const parsed = parseCompareLink('session=s&cmpat=2.0');
    expect(parsed.compare).toBeNull();
    expect(parsed.notices[0]).toMatch(/no session to compare with/);
  });
  it('reads back the id and position it wrote for any id and indexes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
        fc.nat({ max: 999_999_999 }),
        fc.option(fc.nat({ max: 999_999_999 })),
        fc.option(fc.tuple(fc.nat(), fc.nat())),
        (sessionId, turnIndex, stepIndex, freeSeqs) => {
          const compare =
            freeSeqs === null
              ? { sessionId, position: { turnIndex, stepIndex } }
              : { sessionId, position: { turnIndex, stepIndex }, freeSeqs };
          expect(parseCompareLink(withCompareLink(workspaceHash, compare))).toEqual({ compare, notices: [] });
        },
      ),
      { numRuns: 500 },
    );
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
            'ws',
            'wsname',
            'cmp',
            'cmpat',
            '.',
            '7',
            '~',
            '~0041',
            '~D800',
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
        if (hash.sessionId !== null) {
          expect(hash.sessionId.length).toBeLessThanOrEqual(200);
          expect(formatPermalinkHash(null, hash.sessionId)).toMatch(
            /^session=(?:[A-Za-z0-9._:-]|~[0-9A-F]{4})+$/,
          );
        }
        if (hash.workspaceKey !== null) expect(hash.workspaceKey).toMatch(/^(zip|dir):[0-9a-f]+$/);
        const { compare } = parseCompareLink(text);
        if (compare?.position) {
          expect(Number.isSafeInteger(compare.position.turnIndex)).toBe(true);
          expect(compare.position.stepIndex === null || compare.position.stepIndex >= 0).toBe(true);
        }
        const start = parseStartRequest(text, base);
        if (start.kind === 'url') expect(start.url).toMatch(/^https?:\/\//);
      }),
      { numRuns: 2_000 },
    );
  });
});
