// Following a URL (`?src=<url>&follow=1`): HTTP Range requests from the last offset. The validator
// of the first answer (ETag, else Last-Modified) goes with each request as If-Range, so a file
// replaced on the server answers 200 with the new whole file (a restart) instead of bytes of
// another file. A server that ignores Range gets a clear message after the first read.

import type { FollowSource, SourceRead } from '../log/index.ts';

/** Why a URL cannot be followed when its server does not answer Range requests. */
export const NO_RANGE_MESSAGE =
  'This server does not answer HTTP Range requests (it sent the whole file again), so the log cannot be followed: it shows the file as it was read. Serve it from a server that supports Range (most static servers and object stores do), or open the file with Follow.';

// Where a Content-Range header (`bytes a-b/total`, or a star for a-b when unsatisfied) puts the answer.
function parseContentRange(value: string | null): { start: number | null; total: number | null } {
  const match = value === null ? null : /^bytes (?:(\d+)-\d+|\*)\/(\d+|\*)$/.exec(value.trim());
  if (match === null) return { start: null, total: null };
  return {
    start: match[1] === undefined ? null : Number(match[1]),
    total: match[2] === undefined || match[2] === '*' ? null : Number(match[2]),
  };
}

export function createRangeSource(url: string, fetchBytes: typeof fetch): FollowSource {
  let validator: string | null = null;
  let hasRanges = false;
  let isRangeRefused = false;
  return {
    async read(offset): Promise<SourceRead> {
      if (isRangeRefused) return { kind: 'failed', message: NO_RANGE_MESSAGE };
      const headers: Record<string, string> = { Range: `bytes=${offset}-` };
      if (validator !== null && offset > 0) headers['If-Range'] = validator;
      const response = await fetchBytes(url, {
        headers,
        cache: 'no-store',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
      const answered = response.headers.get('etag') ?? response.headers.get('last-modified');
      if (response.status === 416) {
        await response.body?.cancel();
        const { total } = parseContentRange(response.headers.get('content-range'));
        if (total !== null && total < offset) return { kind: 'restart', reason: 'shrank' };
        return { kind: 'same' };
      }
      if (response.status === 206) {
        const { start } = parseContentRange(response.headers.get('content-range'));
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (start !== offset)
          return {
            kind: 'failed',
            message: `The server answered bytes from ${start ?? '?'} for a request from ${offset}.`,
          };
        hasRanges = true;
        if (answered !== null) validator = answered;
        return bytes.length === 0 ? { kind: 'same' } : { kind: 'bytes', bytes };
      }
      if (response.status === 200) {
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (offset === 0) {
          // The whole file: fine once; a server that never answers 206 cannot be followed.
          if (response.headers.get('accept-ranges') !== 'bytes' && !hasRanges) isRangeRefused = true;
          if (answered !== null) validator = answered;
          return { kind: 'bytes', bytes };
        }
        if (!hasRanges) {
          isRangeRefused = true;
          return { kind: 'failed', message: NO_RANGE_MESSAGE };
        }
        // If-Range did not match: another file is served under the URL now.
        validator = answered;
        return { kind: 'restart', reason: 'replaced', bytes };
      }
      await response.body?.cancel();
      return {
        kind: 'failed',
        message: `The server answered ${response.status} ${response.statusText} for ${url}.`,
      };
    },
  };
}
