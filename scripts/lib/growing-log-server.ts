// A loopback server for following a URL (issue 22): it serves one growing log on 127.0.0.1, answers
// Range requests (206 from an offset, 416 past the end) and If-Range against an ETag that changes
// only when the file is replaced, and can be told to ignore Range (a server without it). Used by
// e2e/live.spec.ts and scripts/bench-follow-browser.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A growing file on 127.0.0.1 answering Range (206/416) and If-Range against an ETag it changes on replace. */
export async function startGrowingLogServer(initial: Uint8Array, options: { supportsRange?: boolean } = {}) {
  const supportsRange = options.supportsRange ?? true;
  const state = { bytes: initial, version: 1 };
  const requests: { range: string | null; status: number }[] = [];
  const server: Server = createServer((request, response) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Range, If-Range',
      'Access-Control-Expose-Headers': 'ETag, Content-Range, Accept-Ranges, Last-Modified',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    // The validator names the file, not its length: appends keep it, a replacement changes it.
    const strongTag = `"v${state.version}"`;
    const range = supportsRange ? /^bytes=(\d+)-$/.exec(request.headers.range ?? '') : null;
    const ifRange = request.headers['if-range'];
    const respond = (status: number, headers: Record<string, string>, body?: Uint8Array) => {
      requests.push({ range: request.headers.range ?? null, status });
      response.writeHead(status, { ...cors, 'Content-Type': 'application/octet-stream', ...headers });
      response.end(body === undefined ? undefined : Buffer.from(body));
    };
    if (range === null || (typeof ifRange === 'string' && ifRange !== strongTag)) {
      respond(200, supportsRange ? { ETag: strongTag, 'Accept-Ranges': 'bytes' } : {}, state.bytes);
      return;
    }
    const start = Number(range[1]);
    if (start >= state.bytes.length) {
      respond(416, { 'Content-Range': `bytes */${state.bytes.length}`, ETag: strongTag });
      return;
    }
    respond(
      206,
      {
        ETag: strongTag,
        'Accept-Ranges': 'bytes',
        'Content-Range': `bytes ${start}-${state.bytes.length - 1}/${state.bytes.length}`,
      },
      state.bytes.subarray(start),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/session.jsonl`,
    requests,
    append(bytes: Uint8Array) {
      const joined = new Uint8Array(state.bytes.length + bytes.length);
      joined.set(state.bytes, 0);
      joined.set(bytes, state.bytes.length);
      state.bytes = joined;
    },
    replace(bytes: Uint8Array) {
      state.bytes = bytes;
      state.version += 1;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The byte offset after each line feed of `bytes`: where a growing log may be cut into appends. */
export function lineEnds(bytes: Uint8Array): number[] {
  const ends: number[] = [];
  for (let at = 0; at < bytes.length; at++) if (bytes[at] === 0x0a) ends.push(at + 1);
  return ends;
}
