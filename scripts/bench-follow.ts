// bench:follow (issue 22): how fast the core follows a growing log in Node — events/s through the
// LogFollower in appends of 100 events (the CLI's `follow` path minus stdout), the CPU of polling an
// idle file at 250 ms, and memory after appending 60,000 events (100 events/s for 10 minutes).
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { stat, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogFollower, createFileSource, readEventRows } from '../src/log/index.ts';
import { eventLine, headerLine } from '../src/log/testing/log-builder.ts';

const encoder = new TextEncoder();
function batchText(seq0: number, count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++)
    lines.push(eventLine('assistant/ack', seq0 + i, { note: `event ${seq0 + i} of a generated log` }));
  return `${lines.join('\n')}\n`;
}

// 1. Throughput: 200,000 events in appends of 100, with the NDJSON rows the CLI prints.
const follower = new LogFollower();
follower.append(encoder.encode(`${headerLine()}\n`));
const total = 200_000;
let started = performance.now();
for (let seq = 0; seq < total; seq += 100) {
  const batch = follower.append(encoder.encode(batchText(seq, 100)));
  for (const row of readEventRows(batch.log, batch.fromSeq, batch.toSeq - batch.fromSeq)) JSON.stringify(row);
}
const seconds = (performance.now() - started) / 1000;
if (follower.log.store.eventCount !== total)
  throw new Error(`followed ${follower.log.store.eventCount} events, not ${total}`);
console.log(
  `follow throughput: ${Math.round(total / seconds).toLocaleString('en-US')} events/s (${total} events, ${seconds.toFixed(2)} s)`,
);

// 2. Memory: 60,000 events (100/s for 10 min) appended, heap before and after.
globalThis.gc?.();
const heapBefore = (({ heapUsed, arrayBuffers }) => heapUsed + arrayBuffers)(process.memoryUsage());
const grown = new LogFollower();
grown.append(encoder.encode(`${headerLine()}\n`));
for (let seq = 0; seq < 60_000; seq += 100) grown.append(encoder.encode(batchText(seq, 100)));
globalThis.gc?.();
const heapAfter = (({ heapUsed, arrayBuffers }) => heapUsed + arrayBuffers)(process.memoryUsage());
console.log(
  `memory: 60,000 events appended → heap + buffers +${((heapAfter - heapBefore) / 1048576).toFixed(1)} MiB (${grown.log.store.eventCount} events held)`,
);

// 3. Idle polling: a file that does not change, looked at every 250 ms for 10 s.
const dir = mkdtempSync(join(tmpdir(), 'bench-follow-'));
const path = join(dir, 'session.jsonl');
writeFileSync(path, `${headerLine()}\n${batchText(0, 1000)}`);
appendFileSync(path, '');
const source = createFileSource(async () => {
  const facts = await stat(path);
  return {
    size: facts.size,
    modified: facts.mtimeMs,
    async read(start, end) {
      const handle = await open(path);
      const bytes = new Uint8Array(end - start);
      await handle.read(bytes, 0, bytes.length, start);
      await handle.close();
      return bytes;
    },
  };
});
const idle = new LogFollower();
const first = await source.read(0, new Uint8Array());
if (first.kind === 'bytes') idle.append(first.bytes);
const cpuBefore = process.cpuUsage();
started = performance.now();
while (performance.now() - started < 10_000) {
  await source.read(idle.offset, idle.headBytes);
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const cpu = process.cpuUsage(cpuBefore);
const share = ((cpu.user + cpu.system) / 1000 / (performance.now() - started)) * 100;
console.log(`idle polling at 250 ms: ${share.toFixed(2)} % of one core`);
