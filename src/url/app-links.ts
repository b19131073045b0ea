// A link inside a log that opens this viewer with a `?src=` (issue 27): followed, it would load a
// log from wherever the link says in a real tab of this app, with nothing to tell it from the
// reader's own. The viewer asks first when that log comes from another origin than the app's.

import { parseStartRequest } from './permalink.ts';

/**
 * The origin of the log that `href` would open, when `href` is a link to this viewer (the app's
 * origin, under its base path) whose `?src=` names a log of another origin than `pageOrigin`;
 * null for every other link. Pure: the page's place is passed in.
 */
export function foreignLogOriginOf(href: string, appBase: string, pageOrigin: string): string | null {
  let url: URL;
  let base: URL;
  try {
    url = new URL(href);
    base = new URL(appBase);
  } catch {
    // Not a URL: not a link to this app.
    return null;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const start = parseStartRequest(url.search, url.href);
  if (start.kind !== 'url') return null;
  const origin = new URL(start.url).origin;
  return origin === pageOrigin ? null : origin;
}
