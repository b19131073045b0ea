// The page's connect-src, narrowed at start to the origins the log worker may read from (issue 27).
// The static policy (vite.config.ts) cannot name the `?src=` origin, so it allows http(s) and this
// adds a second policy, before any log is read and before the worker starts: a page enforces every
// policy it has, and a policy added later can only take away. The log worker, started from a blob:
// script (worker/client.ts), takes these policies, so a request of the worker to any other origin
// is refused by the browser, whatever API makes it (fetch, XMLHttpRequest, EventSource, WebSocket).

/** An origin as URL.origin writes one for http(s): nothing that could end a source expression. */
const HTTP_ORIGIN = /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/;

/** The connect-src policy for `origins` (the page's own first, as readAllowedSourceOrigins gives them). */
function connectPolicyFor(origins: readonly string[]): string {
  const sources = [
    "'self'",
    ...origins.filter((origin) => HTTP_ORIGIN.test(origin) && origin !== location.origin),
  ];
  return `connect-src ${sources.join(' ')}`;
}

/** Adds the narrowing policy to the page (once, at start; a second call would only narrow further). */
export function narrowConnectPolicy(origins: readonly string[]): void {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = connectPolicyFor(origins);
  document.head.append(meta);
}
