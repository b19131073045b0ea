// A ?src= that redirects to a third origin is refused with a message (issue 27; the README promises
// one origin). Before, the redirect was followed and the other origin's bytes were read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-failure.ts';
import { readSource } from './read-source.ts';

function redirectedResponse(finalUrl: string): Response {
  const response = new Response('{"version":0,"id":"x"}\n', { status: 200 });
  Object.defineProperty(response, 'redirected', { value: true });
  Object.defineProperty(response, 'url', { value: finalUrl });
  return response;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readSource and redirects', () => {
  it('refuses a redirect to another origin, and reads one within the origin', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(redirectedResponse('https://evil.test/log.jsonl')));
    const error: unknown = await readSource({
      kind: 'url',
      url: 'https://logs.test/a.jsonl',
      name: 'a',
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).failure.message).toMatch(
      /redirected to another origin \(https:\/\/evil\.test\)/,
    );
    vi.stubGlobal('fetch', () => Promise.resolve(redirectedResponse('https://logs.test/b.jsonl')));
    const opened = await readSource({ kind: 'url', url: 'https://logs.test/a.jsonl', name: 'a' });
    expect(opened.reader).toBeDefined();
  });
});
