// Helpers of the live-follow specs: a loopback server that serves a growing log with Range
// requests, and OPFS files the page's pickers hand out (Playwright cannot drive the native
// File System Access pickers, so the spec answers them with handles of the origin's private
// file system, which are real FileSystemFileHandle / FileSystemDirectoryHandle objects).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

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

/** Writes `bytes` to the OPFS file at `path` (`a/b/session.jsonl`), from `at` (null: replace the file). */
export async function writeOpfsFile(
  page: Page,
  path: string,
  bytes: Uint8Array,
  at: number | null,
): Promise<void> {
  await page.evaluate(
    async ({ path, data, at }) => {
      const parts = path.split('/');
      const name = parts.pop() as string;
      let directory = await navigator.storage.getDirectory();
      for (const part of parts) directory = await directory.getDirectoryHandle(part, { create: true });
      const handle = await directory.getFileHandle(name, { create: true });
      const writable = await handle.createWritable({ keepExistingData: at !== null });
      if (at !== null) await writable.seek(at);
      await writable.write(new Uint8Array(data));
      await writable.close();
    },
    { path, data: Array.from(bytes), at },
  );
}

/** Makes the page's file picker hand out the OPFS file at `path`, and its folder picker the OPFS folder `folder`. */
export async function answerPickersWithOpfs(
  page: Page,
  paths: { file?: string; folder?: string },
): Promise<void> {
  await page.evaluate(({ file, folder }) => {
    const resolveDirectory = async (path: string) => {
      let directory = await navigator.storage.getDirectory();
      for (const part of path.split('/').filter(Boolean))
        directory = await directory.getDirectoryHandle(part);
      return directory;
    };
    const target = window as unknown as Record<string, unknown>;
    if (file !== undefined)
      target.showOpenFilePicker = async () => {
        const parts = file.split('/');
        const name = parts.pop() as string;
        return [await (await resolveDirectory(parts.join('/'))).getFileHandle(name)];
      };
    if (folder !== undefined) target.showDirectoryPicker = async () => resolveDirectory(folder);
  }, paths);
}

/** Clears the origin's private file system (each test starts empty). */
export async function clearOpfs(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys())
      await root.removeEntry(name, { recursive: true });
  });
}
