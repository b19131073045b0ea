// The log worker's connect policy: it fetches only from its own origin and the origins the page
// allowed when it started the worker (the origin of the page's `?src=`), whatever asks. The page's
// Content-Security-Policy does not cover a module worker, and a static header cannot name the one
// `?src=` origin, so the worker narrows its own fetch (vite.config.ts ships the static policies).

/** The worker's allowed origins and the fetch that keeps to them. */
export interface SourceGuard {
  /** Adds the page's allowed origins; only the first call counts, so nothing can widen them later. */
  configure(origins: readonly string[]): void;
  /** Why `url` may not be fetched (a sentence for people), or null when it may. */
  refusalOf(url: string): string | null;
  /** `fetch` that rejects, without a request, every URL refusalOf refuses. */
  wrapFetch(fetch: typeof globalThis.fetch): typeof globalThis.fetch;
}

/** A guard that allows `ownOrigin` (the worker's: the app's files) and, once configured, the page's. */
export function createSourceGuard(ownOrigin: string): SourceGuard {
  const allowed = new Set([ownOrigin]);
  let isConfigured = false;
  const refusalOf = (url: string): string | null => {
    let parsed: URL;
    try {
      parsed = new URL(url, ownOrigin);
    } catch {
      // Not a URL: nothing to fetch.
      return `${url.slice(0, 200)} is not a URL.`;
    }
    if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && allowed.has(parsed.origin))
      return null;
    return (
      `This page reads logs only from ${[...allowed].join(' and ')}; ${parsed.origin} was refused. ` +
      'Open that log through its own link (?src=…), which allows its origin.'
    );
  };
  return {
    configure(origins) {
      if (isConfigured) return;
      isConfigured = true;
      for (const origin of origins) allowed.add(origin);
    },
    refusalOf,
    wrapFetch(fetch) {
      return (input, init) => {
        const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
        const refusal = refusalOf(url);
        return refusal === null
          ? fetch(input, init)
          : Promise.reject(new TypeError(`Fetch refused: ${refusal}`));
      };
    },
  };
}
