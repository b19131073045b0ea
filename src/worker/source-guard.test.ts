// Tests of the worker's source guard (issue 12, "CSP hardening"): the worker fetches only from the
// origins the page allowed when it started it, whatever asks.
import { describe, expect, it, vi } from 'vitest';
import { createSourceGuard } from './source-guard.ts';

const OWN = 'http://127.0.0.1:4173';

describe('createSourceGuard', () => {
  it('allows only its own origin until the page configures it', () => {
    const guard = createSourceGuard(OWN);
    expect(guard.refusalOf(`${OWN}/demo/log.jsonl.zstd`)).toBeNull();
    expect(guard.refusalOf('https://logs.example/a.jsonl')).toMatch(/logs\.example/);
  });
  it('takes the first configuration only: a later one cannot widen it', () => {
    const guard = createSourceGuard(OWN);
    guard.configure(['https://logs.example']);
    guard.configure(['https://evil.example']);
    expect(guard.refusalOf('https://logs.example/a.jsonl')).toBeNull();
    expect(guard.refusalOf('https://evil.example/a.jsonl')).not.toBeNull();
    expect(guard.refusalOf(`${OWN}/x`)).toBeNull();
  });
  it('refuses what is not an http(s) URL of an allowed origin, and malformed URLs', () => {
    const guard = createSourceGuard(OWN);
    expect(guard.refusalOf('data:text/plain,x')).not.toBeNull();
    expect(guard.refusalOf('http://[bad')).not.toBeNull();
    expect(guard.refusalOf(`${OWN.replace('4173', '4174')}/x`)).not.toBeNull();
  });
  it('wraps fetch so that a refused URL never reaches the network', async () => {
    const guard = createSourceGuard(OWN);
    const inner = vi.fn(() => Promise.resolve(new Response('ok')));
    const guarded = guard.wrapFetch(inner);
    await expect(guarded('http://127.0.0.1:9/collect')).rejects.toThrow(/refused/);
    await expect(guarded(new Request('http://127.0.0.1:9/collect'))).rejects.toThrow(/refused/);
    expect(inner).not.toHaveBeenCalled();
    await expect(guarded(`${OWN}/a`)).resolves.toBeInstanceOf(Response);
    expect(inner).toHaveBeenCalledTimes(1);
  });
});
