// `npm run bench:follow-memory [-- --port 4177] [--events 60000] [--rate 1000] [--sample-seconds 10]`:
// the browser's memory while it follows a log that grows for a long time (issue 22: "100 events/s
// appended for 10 minutes: memory grows only with the log"). The built app follows `?src=` on a
// loopback server (as bench:follow-browser) while the generated log is appended at --rate events/s,
// one append per 200 ms (dsh's write-behind window), until --events events were appended: 60,000
// events are 10 minutes at 100 events/s, appended here 10× faster unless told otherwise (the app
// does per append what it does at any rate; what is measured is what it keeps). Every
// --sample-seconds, after a garbage collection in the page: the page's JS heap (CDP
// Runtime.getHeapUsage, the main thread) and the resident memory of the browser's processes
// (/proc, Linux: the renderer holds the page and the log worker, whose decoded log lives in array
// buffers), against the log bytes appended so far.

import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { LogFollower } from '../src/log/index.ts';
import { ensureLargeLog } from './large-log/cache.ts';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './lib/chromium.ts';
import { readOption } from './lib/cli-options.ts';
import { lineEnds, startGrowingLogServer } from './lib/growing-log-server.ts';
import { startPreview, stopServer } from './lib/preview-server.ts';

const FLUSH_MS = 200;
const MIB = 1024 * 1024;

/** Resident bytes of every process below `rootPid` (the browser this script launched), from /proc. */
function treeRssBytes(rootPid: number): number {
  const parentOf = new Map<number, number>();
  const rssOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(pid, Number(fields[1]));
      // rss (field 24) counts pages; 4 KiB pages on this machine's kernels.
      rssOf.set(pid, Number(fields[21]) * 4096);
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  for (const [pid, rss] of rssOf) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parentOf.get(at)) {
      if (at !== rootPid) continue;
      total += rss;
      break;
    }
  }
  return total;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const wantedEvents = Number(readOption(argv, '--events') ?? '60000');
  const rate = Number(readOption(argv, '--rate') ?? '1000');
  const sampleMs = Number(readOption(argv, '--sample-seconds') ?? '10') * 1000;
  const files = await ensureLargeLog({
    scale: 0.05,
    seed: 1,
    generation: 0,
    outDir: resolve(root, '.bench'),
  });
  const bytes = new Uint8Array(readFileSync(files.jsonlPath));
  const ends = lineEnds(bytes);
  // The event count after each line, as the core reads it (packed rows hold several events).
  const counter = new LogFollower();
  const eventsAfter: number[] = [];
  for (let line = 0; line < ends.length; line++) {
    counter.append(bytes.subarray(line === 0 ? 0 : ends[line - 1], ends[line]));
    eventsAfter.push(counter.log.store.eventCount);
  }
  const startLine = 100;
  const startEvents = eventsAfter[startLine - 1] as number;
  const logServer = await startGrowingLogServer(bytes.subarray(0, ends[startLine - 1]));
  const { server, url } = await startPreview(root, Number(readOption(argv, '--port') ?? '4177'));
  const selfPid = process.pid;
  const before = new Set(readdirSync('/proc').filter((name) => Number.isInteger(Number(name))));
  const browser = await chromium.launch({
    headless: true,
    executablePath: chromiumExecutablePath(),
    args: [...CHROMIUM_ARGS],
  });
  // The browser is the child of this process that appeared with the launch.
  const browserPid = readdirSync('/proc')
    .filter((name) => Number.isInteger(Number(name)) && !before.has(name))
    .map(Number)
    .find((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === selfPid;
      } catch {
        return false;
      }
    });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${url}/?src=${encodeURIComponent(logServer.url)}&follow=1`);
    await page
      .getByTestId('live-count')
      .filter({ hasText: `${startEvents.toLocaleString('en-US')} events` })
      .waitFor({ timeout: 120_000 });
    await page.waitForTimeout(3_000);
    const cdp = await page.context().newCDPSession(page);
    const sample = async (appendedBytes: number, events: number) => {
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      const rss = browserPid === undefined ? Number.NaN : treeRssBytes(browserPid);
      return { appendedBytes, events, heap: heap.usedSize, rss };
    };
    const samples = [await sample(0, startEvents)];
    const show = (s: (typeof samples)[number]) =>
      `${s.events.toLocaleString('en-US').padStart(7)} events, +${(s.appendedBytes / MIB).toFixed(1)} MiB appended: page JS heap ${(s.heap / MIB).toFixed(1)} MiB, browser RSS ${(s.rss / MIB).toFixed(0)} MiB`;
    out(`following ${logServer.url} from ${startEvents} events, appending ${rate} events/s`);
    out(show(samples[0] as (typeof samples)[number]));
    const startedAt = performance.now();
    let line = startLine;
    let lastSampleAt = startedAt;
    for (let flush = 1; line < ends.length; flush++) {
      await new Promise((done) =>
        setTimeout(done, Math.max(0, startedAt + flush * FLUSH_MS - performance.now())),
      );
      const target = startEvents + Math.min(wantedEvents, ((performance.now() - startedAt) / 1000) * rate);
      const from = line;
      while (line < ends.length && (eventsAfter[line] as number) <= target) line += 1;
      if (line > from) logServer.append(bytes.subarray(ends[from - 1], ends[line - 1]));
      const events = eventsAfter[line - 1] as number;
      // Done once the clock says --events were due (the last line may hold fewer) or the log ends.
      const isDone = target >= startEvents + wantedEvents || line >= ends.length;
      if (isDone || performance.now() - lastSampleAt >= sampleMs) {
        lastSampleAt = performance.now();
        if (isDone) await page.waitForTimeout(2_000);
        const s = await sample((ends[line - 1] as number) - (ends[startLine - 1] as number), events);
        samples.push(s);
        out(show(s));
      }
      if (isDone) break;
    }
    const first = samples[0] as (typeof samples)[number];
    const last = samples.at(-1) as (typeof samples)[number];
    const minutes = (performance.now() - startedAt) / 60_000;
    out(
      `${(last.events - first.events).toLocaleString('en-US')} events (${(last.appendedBytes / MIB).toFixed(1)} MiB of JSONL) appended in ${minutes.toFixed(1)} min: page JS heap ${((last.heap - first.heap) / MIB).toFixed(1)} MiB, browser RSS ${((last.rss - first.rss) / MIB).toFixed(0)} MiB`,
    );
  } finally {
    await browser.close();
    stopServer(server);
    await logServer.close();
  }
}

await main();
