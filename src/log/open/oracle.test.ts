// Our reading of each generation agrees with upstream's own migration (issue 15): the project's v0
// fixtures (and corpus logs, when ../shared/corpus is there) were migrated to v1, v2 and v3 by the
// published @deepseek-ai/dsh-session-format* packages (fixtures/generations/oracle/, README there).
// Read natively, every migrated log must project the same conversation, turns and tool calls as the
// v0 original — the oracle checks the reader of each generation against the reader of generation 0.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLog } from './log-decoder.ts';
import type { OpenedLog } from './opened-log.ts';
import { deriveModelView, readModelMessage } from '../projections/model-view.ts';
import { CORPUS_DIR } from '../testing/corpus-dir.ts';
import { FIXTURES_DIR } from '../testing/make-decoder-fixtures.ts';

const ORACLE_DIR = join(FIXTURES_DIR, 'generations', 'oracle');
const CORPUS_PREFIX = 'corpus__';

function open(path: string): OpenedLog {
  return decodeLog(new Uint8Array(readFileSync(path)));
}

/** The v0 original of an oracle output, or null when it is a corpus log and the corpus is absent. */
function originalOf(name: string): string | null {
  const base = name.replace(/\.v\d\.jsonl$/, '');
  const path = base.startsWith(CORPUS_PREFIX)
    ? join(CORPUS_DIR, `${base.slice(CORPUS_PREFIX.length)}.jsonl`)
    : join(FIXTURES_DIR, `${base}.jsonl`);
  return existsSync(path) ? path : null;
}

/** What the model is sent at the end, system prompt aside (v3 moves it onto the surface). */
function conversation(log: OpenedLog): string[] {
  return deriveModelView(log, Number.MAX_SAFE_INTEGER)
    .messages.filter((message) => message.role !== 'system')
    .map((message) => {
      const blocks = readModelMessage(log, message.seq)?.message.content ?? [];
      return `${message.role}: ${JSON.stringify(blocks)}`;
    });
}

function structure(log: OpenedLog): unknown {
  return {
    turns: log.index.turns.map((turn) => [turn.turn, turn.reason, turn.steps.length]),
    toolCalls: log.index.toolCalls.map((call) => [call.callId, call.name, call.status]),
  };
}

const outputs = readdirSync(ORACLE_DIR)
  .filter((name) => /\.v\d\.jsonl$/.test(name))
  .sort();

describe('upstream migrations read back as the same session', () => {
  it('has oracle outputs for generations 1 to 3', () => {
    expect(new Set(outputs.map((name) => name.match(/\.v(\d)\.jsonl$/)?.[1]))).toEqual(
      new Set(['1', '2', '3']),
    );
  });

  for (const name of outputs) {
    const original = originalOf(name);
    it.skipIf(original === null)(
      `${name} (${original === null ? 'corpus absent: skipped' : 'vs its v0 original'})`,
      () => {
        const migrated = open(join(ORACLE_DIR, name));
        const source = open(original as string);
        expect(migrated.format.generation).toBe(Number(name.match(/\.v(\d)\.jsonl$/)?.[1]));
        expect(migrated.problems.filter((problem) => problem.effect !== 'none')).toEqual([]);
        expect(conversation(migrated)).toEqual(conversation(source));
        expect(structure(migrated)).toEqual(structure(source));
      },
    );
  }
});
