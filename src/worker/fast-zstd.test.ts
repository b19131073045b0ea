// The browser loader of the fast zstd path falls back (null, fzstd decodes) instead of failing the worker.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFastZstd } from './fast-zstd.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadFastZstd in the worker', () => {
  it('gives null when the .wasm cannot be downloaded', async () => {
    const fetchStub = vi.fn(() => Promise.reject(new TypeError('blocked by the network')));
    vi.stubGlobal('fetch', fetchStub);
    expect(await loadFastZstd()).toBeNull();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('gives null when the server answers with an error instead of the module', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('missing', { status: 404 })));
    expect(await loadFastZstd()).toBeNull();
  });

  it('gives null without downloading when this context refuses to compile WebAssembly', async () => {
    const fetchStub = vi.fn(() => Promise.reject(new Error('not reached')));
    vi.stubGlobal('fetch', fetchStub);
    vi.stubGlobal('WebAssembly', {
      ...WebAssembly,
      compile: () => Promise.reject(new Error("Refused to compile: 'wasm-unsafe-eval' is not allowed")),
    });
    expect(await loadFastZstd()).toBeNull();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
