import { describe, expect, it } from 'vitest';
import { foreignLogOriginOf } from './app-links.ts';

const APP = 'https://viewer.example/dsh/';
const PAGE = 'https://viewer.example';

describe('foreignLogOriginOf', () => {
  it('names the origin of a ?src= log another origin serves, in a link to this app', () => {
    expect(
      foreignLogOriginOf(`${APP}?src=${encodeURIComponent('https://evil.example/a.jsonl')}#seq=3`, APP, PAGE),
    ).toBe('https://evil.example');
    expect(foreignLogOriginOf(`${APP}index.html?src=http://evil.example:8080/a.jsonl`, APP, PAGE)).toBe(
      'http://evil.example:8080',
    );
  });

  it('leaves other links alone: other sites, the app without ?src=, logs of its own origin', () => {
    expect(
      foreignLogOriginOf('https://evil.example/?src=https://evil.example/a.jsonl', APP, PAGE),
    ).toBeNull();
    expect(foreignLogOriginOf(`${APP}?demo=1`, APP, PAGE)).toBeNull();
    expect(foreignLogOriginOf(`${APP}?src=/dsh/logs/a.jsonl`, APP, PAGE)).toBeNull();
    expect(
      foreignLogOriginOf('https://viewer.example/other/?src=https://evil.example/a', APP, PAGE),
    ).toBeNull();
    expect(foreignLogOriginOf('not a url', APP, PAGE)).toBeNull();
  });
});
