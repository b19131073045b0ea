// Helpers of the live-follow specs (the loopback server that serves a growing log with Range
// requests is scripts/lib/growing-log-server.ts, which the follow benchmark uses too): OPFS files
// the page's pickers hand out (Playwright cannot drive the native
// File System Access pickers, so the spec answers them with handles of the origin's private
// file system, which are real FileSystemFileHandle / FileSystemDirectoryHandle objects).
import type { Page } from '@playwright/test';

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
