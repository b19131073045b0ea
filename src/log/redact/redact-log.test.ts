import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { decodeLog } from '../open/log-decoder.ts';
import {
  eventLine,
  headerLine,
  jsonlText,
  textRowLine,
  toolCallRowLine,
  utf8,
} from '../testing/log-builder.ts';
import { logStructure } from '../testing/export-structure.ts';
import { seededSecrets } from '../testing/seeded-secrets.ts';
import { redactLog, scanLog, type RedactOptions } from './redact-log.ts';
import { parseMask } from './masks.ts';
import { createDetector } from './find-secrets.ts';

const sha256 = (bytes: Uint8Array) => webcrypto.subtle.digest('SHA-256', bytes);
const options = (extra: Partial<RedactOptions> = {}): RedactOptions => ({
  sha256,
  salt: 'test-salt',
  ...extra,
});

/** Splits `text` into pieces of `size` characters (a stream's deltas). */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** A log with `planted` in every field issue 24 names: header, message text, reasoning and tool
 * arguments streamed in packed rows and as chunk events, tool results, titles, request headers,
 * media names, and an unparsable tail line. */
function logWithSecretsEverywhere(planted: string): string {
  const callId = 'call_0_9f1c';
  const args = JSON.stringify({ command: `echo ${planted}` });
  let seq = 0;
  const lines = [headerLine({ cwd: `/home/dev/${planted}` })];
  lines.push(eventLine('turn/start', seq++, { turn: 1 }));
  lines.push(eventLine('step/start', seq++, { turn: 1, step: 1 }));
  lines.push(
    eventLine('request/header', seq++, {
      header: {
        config: { provider: 'deepseek', model: 'deepseek-chat' },
        system: `You are helpful. ${planted}`,
        headers: { authorization: `Bearer ${planted.slice(0, 60).replace(/\s/g, '')}XYZ123abc` },
      },
      reason: 'initial',
    }),
  );
  lines.push(
    eventLine(
      'user/message',
      seq++,
      {
        id: 'user-1',
        role: 'user',
        content: [
          { type: 'text', text: `here: ${planted}` },
          {
            type: 'image',
            attachment: {
              attachmentId: 'sha256:' + 'ab'.repeat(32),
              mediaType: 'image/png',
              bytes: 1,
              width: 1,
              height: 1,
              name: `shot ${planted}.png`,
            },
          },
        ],
        source: { kind: 'user' },
      },
      { surfaceOp: 'append' },
    ),
  );
  const reasoning = `thinking about ${planted} now`;
  const reasoningPieces = pieces(reasoning, 7);
  const firstReasoning = seq;
  lines.push(textRowLine(seq, reasoningPieces, { rowType: 'reasoning-chunks', index: 0 }));
  seq += reasoningPieces.length;
  const argPieces = pieces(args, 5);
  const firstArg = seq;
  // The first two argument deltas as chunk events on their own lines, the rest packed.
  for (const piece of argPieces.slice(0, 2))
    lines.push(
      eventLine('assistant/chunk', seq++, {
        turn: 1,
        step: 1,
        chunk: { type: 'tool-call-delta', index: 1, id: callId, name: 'bash', argumentsDelta: piece },
      }),
    );
  lines.push(toolCallRowLine(seq, argPieces.slice(2), { id: callId, name: 'bash', index: 1 }));
  seq += argPieces.length - 2;
  lines.push(
    eventLine(
      'assistant/message',
      seq++,
      {
        turn: 1,
        step: 1,
        message: {
          id: 'assistant-1',
          role: 'assistant',
          content: [
            { type: 'reasoning', text: reasoning },
            { type: 'tool-call', id: callId, name: 'bash', arguments: args },
          ],
          source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' },
        },
      },
      {
        surfaceOp: 'append',
        sourceEventSeqs: Array.from({ length: seq - 1 - firstReasoning }, (_, i) => firstReasoning + i),
      },
    ),
  );
  expect(firstArg).toBeGreaterThan(firstReasoning);
  const callSeq = seq;
  lines.push(eventLine('tool/call', seq++, { turn: 1, step: 1, callId, name: 'bash', arguments: args }));
  lines.push(
    eventLine(
      'tool/result',
      seq++,
      {
        turn: 1,
        step: 1,
        message: {
          id: 'tool-1',
          role: 'user',
          content: [
            {
              type: 'tool-result',
              toolCallId: callId,
              content: [{ type: 'text', text: `$ cat .env\n${planted}\n` }],
            },
          ],
          source: { kind: 'tool', callId },
        },
      },
      { surfaceOp: 'append', sourceEventSeqs: [callSeq] },
    ),
  );
  lines.push(eventLine('step/end', seq++, { turn: 1, step: 1 }));
  lines.push(eventLine('turn/end', seq++, { turn: 1, reason: { kind: 'completed' } }));
  lines.push(
    eventLine('session/title', seq++, {
      title: `Fix ${planted}`,
      messageSeqs: [3],
      source: { kind: 'user' },
    }),
  );
  lines.push(`{"type":"user/message","seq":${seq},"data":"torn ${planted.slice(0, 40)}`);
  return jsonlText(lines);
}

/** Every occurrence of `secret` in `text`, raw and JSON-escaped. */
function leaks(text: string, secret: string): boolean {
  return text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1));
}

describe('redactLog on seeded secrets of every rule in every field (issue 24)', () => {
  const secrets = seededSecrets();
  const planted = secrets.map((s) => s.planted).join('\n');
  const source = utf8(logWithSecretsEverywhere(planted));

  it('masks every seeded secret everywhere and leaves none', async () => {
    const redacted = await redactLog(source, options());
    const text = new TextDecoder().decode(redacted.bytes);
    for (const seeded of secrets) expect(leaks(text, seeded.secret), `${seeded.rule} leaked`).toBe(false);
    // Each rule named by its seeded secret has masks in the output.
    const rules = new Set(redacted.counts.map((c) => c.rule));
    for (const seeded of secrets) expect(rules.has(seeded.rule), `no ${seeded.rule} mask`).toBe(true);
  });

  it('finds each seeded secret with its own rule', async () => {
    const scan = await scanLog(source, options());
    for (const seeded of secrets) {
      const found = scan.secrets.find((s) => s.secret === seeded.secret || s.secret.includes(seeded.secret));
      expect(found?.rule, seeded.rule).toBe(seeded.rule);
    }
  });

  it('keeps the verdict, seqs, turns, pairings, surface and provenance (re-opened)', async () => {
    const redacted = await redactLog(source, options());
    const before = decodeLog(source);
    const after = decodeLog(redacted.bytes);
    expect(before.store.eventCount).toBeGreaterThan(15);
    expect(logStructure(after)).toEqual(logStructure(before));
  });

  it('gives one secret one mask everywhere, stable for a salt and different for another', async () => {
    const a = new TextDecoder().decode((await redactLog(source, options())).bytes);
    const b = new TextDecoder().decode((await redactLog(source, options())).bytes);
    const c = new TextDecoder().decode((await redactLog(source, options({ salt: 'other' }))).bytes);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    const masks = a.match(/\[REDACTED:[a-z0-9-]+:[0-9a-f]{8}\]/g) ?? [];
    const byHash = new Map<string, string>();
    for (const mask of masks) {
      const parsed = parseMask(mask)!;
      expect(byHash.get(parsed.hash) ?? parsed.rule).toBe(parsed.rule);
      byHash.set(parsed.hash, parsed.rule);
    }
    // The streamed reasoning, joined again, is the redacted reasoning block, mark for mark.
    const log = a.split('\n').map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return null;
      }
    });
    const row = log.find((l) => l?.['type'] === 'reasoning-chunks') as { data: { texts: string[] } };
    const message = log.find((l) => l?.['type'] === 'assistant/message') as {
      data: { message: { content: { text?: string }[] } };
    };
    expect(row.data.texts.join('')).toBe(message.data.message.content[0]!.text);
  });

  it('leaves a skipped secret as it is and masks a user literal', async () => {
    const scan = await scanLog(source, options());
    const aws = scan.secrets.find((s) => s.rule === 'aws-access-key')!;
    const redacted = await redactLog(source, options({ skip: [aws.hash], literals: ['deepseek-chat'] }));
    const text = new TextDecoder().decode(redacted.bytes);
    expect(text).toContain(aws.secret);
    expect(text).not.toContain('deepseek-chat');
    expect(redacted.counts.find((c) => c.rule === 'user-literal')?.count).toBeGreaterThan(0);
  });

  it('copies a line without secrets byte for byte', async () => {
    const clean = utf8(
      `${headerLine()}\n${eventLine('turn/start', 0, { turn: 1 })}\n{"type":"x","seq":1,  "data": 1.50}\n`,
    );
    const redacted = await redactLog(clean, options());
    expect(redacted.bytes).toEqual(clean);
    expect(redacted.changedLines).toBe(0);
  });
});

describe('the detector on ordinary text', () => {
  const detector = createDetector();
  it.each([
    'sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640',
    'commit 0b565d9f1e2a3b4c5d6e7f8091a2b3c4d5e6f708 Header bar on one line',
    'session 5138ed0d-0000-4000-8000-000000000001 started',
    'const token = getToken(); password: process.env.PASSWORD',
    'node_modules/typescript/lib/typescript.js:12345',
    'maxTokens=4096 and token: string',
    'https://example.com/docs/getting-started?version=2',
  ])('finds nothing in %s', (text) => {
    expect(detector.find(text)).toEqual([]);
  });
});

describe('a real fixture re-opens with the same structure after redaction', () => {
  it.each(['packed-chunks.jsonl', 'tool-error.jsonl', 'compaction-replace.jsonl', 'long-conversation.jsonl'])(
    '%s',
    async (name) => {
      const bytes = new Uint8Array(readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url)));
      const redacted = await redactLog(bytes, options({ literals: ['the'] }));
      expect(redacted.changedLines).toBeGreaterThan(0);
      expect(logStructure(decodeLog(redacted.bytes))).toEqual(logStructure(decodeLog(bytes)));
    },
  );
});
