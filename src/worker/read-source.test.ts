// Tests of how a load's source is opened: a File's stream, or a download and what can go wrong with it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-failure.ts';
import { readSource } from './read-source.ts';

const URL_SOURCE = { kind: 'url', url: 'https://example.test/s.jsonl', name: 's.jsonl' } as const;

function respondWith(body: string | null, init: ResponseInit & { headers?: Record<string, string> }) {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(body, init)));
}

async function failureOf(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(LoadError);
  return (error as LoadError).failure;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readSource', () => {
  it('reads a file from its stream, with its size', async () => {
    const opened = await readSource({ kind: 'file', file: new File(['{"a":1}\n'], 'a.jsonl') });
    expect(opened.totalBytes).toBe(8);
    const { value } = await opened.reader.read();
    expect(new TextDecoder().decode(value)).toBe('{"a":1}\n');
  });

  it('takes a download’s size from Content-Length, unless the body is encoded on the wire', async () => {
    respondWith('x'.repeat(12), { headers: { 'content-length': '12' } });
    expect((await readSource(URL_SOURCE)).totalBytes).toBe(12);
    respondWith('x'.repeat(12), { headers: { 'content-length': '5', 'content-encoding': 'gzip' } });
    expect((await readSource(URL_SOURCE)).totalBytes).toBeNull();
    respondWith('x', { headers: { 'content-length': 'many' } });
    expect((await readSource(URL_SOURCE)).totalBytes).toBeNull();
  });

  it('fails a download the network refused with a read error that suggests dropping the file', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const failure = await failureOf(readSource(URL_SOURCE));
    expect(failure.kind).toBe('read-error');
    expect(failure.message).toContain('Could not download https://example.test/s.jsonl (Failed to fetch)');
    expect(failure.message).toContain('drop it here instead');
  });

  it('fails a download the server refused with its status', async () => {
    respondWith('nope', { status: 404, statusText: 'Not Found' });
    expect(await failureOf(readSource(URL_SOURCE))).toEqual({
      kind: 'read-error',
      message: 'The server answered 404 Not Found for https://example.test/s.jsonl. Check the URL.',
    });
  });
});
