// `vite preview` of the built app (dist/) for the browser benchmark: started in its own process
// group, polled until it answers, stopped with everything it spawned.

import { spawn, type ChildProcess } from 'node:child_process';

/** How long the server may take to answer its first request. */
const PREVIEW_START_TIMEOUT_MS = 30_000;

/** Starts `vite preview` in `root` on 127.0.0.1:`port` and resolves once it serves a page. */
export async function startPreview(
  root: string,
  port: number,
): Promise<{ server: ChildProcess; url: string }> {
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(
    'npx',
    ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + PREVIEW_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited: ${output.trim()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return { server, url };
    } catch {
      // Not listening yet: poll again.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  stopServer(server);
  throw new Error(`vite preview did not answer on ${url}: ${output.trim()}`);
}

/** Stops the server and its children (npx, vite, esbuild); a no-op once it has exited. */
export function stopServer(server: ChildProcess): void {
  if (server.pid === undefined || server.exitCode !== null) return;
  try {
    // Its own process group (detached): npx, vite and esbuild go together.
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
