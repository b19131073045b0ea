// The built app (dist/) served by a server of the test's own, for what `vite preview` cannot do: a
// new deploy of the service worker while the page is open (the browser fetches sw.js for an update
// check itself, past Playwright's routing). `swSuffix` is appended to sw.js: changing it is a deploy.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { startLoopbackServer } from './loopback.ts';

const DIST = join(import.meta.dirname, '..', '..', 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface BuildServer {
  origin: string;
  /** Appended to sw.js from the next request on. */
  swSuffix: string;
  close: () => Promise<void>;
}

/** Serves dist/ on a free loopback port. */
export async function startBuildServer(): Promise<BuildServer> {
  const server = await startLoopbackServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (bytes) => {
        const body = path === '/sw.js' ? Buffer.concat([bytes, Buffer.from(state.swSuffix)]) : bytes;
        response.writeHead(200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-cache',
        });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  const state: BuildServer = { origin: server.origin, swSuffix: '', close: server.close };
  return state;
}
