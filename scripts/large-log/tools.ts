// The session's tools: their names and request-header definitions, and what a call of each looks
// like (its JSON arguments) and returns (its output text).

import type { Random } from '../lib/random.ts';
import { WORDS, makeCodeLines, makeText } from './vocabulary.ts';

/** The tools the simulated agent calls. */
export const TOOL_NAMES = [
  'bash',
  'read',
  'edit',
  'write',
  'grep',
  'glob',
  'todo_write',
  'run_code',
] as const;

/** One of `TOOL_NAMES`. */
export type ToolName = (typeof TOOL_NAMES)[number];

/** A tool definition as a request header lists it. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: object;
}

/** The header's tool definitions; `revision` lengthens the descriptions so a header change shows. */
export function makeTools(random: Random, revision: number): ToolDefinition[] {
  return TOOL_NAMES.map((name) => ({
    name,
    description: `${makeText(random, 180 + revision)}`,
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', description: makeText(random, 40) },
        path: { type: 'string', description: makeText(random, 30) },
        offset: { type: 'integer', minimum: 0 },
        limit: { type: 'integer', minimum: 1 },
        description: { type: 'string', description: makeText(random, 25) },
      },
      required: ['command'],
      additionalProperties: false,
    },
  }));
}

/** The JSON arguments text of a call to `name`; paths are under `cwd`. */
export function makeToolArguments(random: Random, cwd: string, name: ToolName): string {
  switch (name) {
    case 'bash':
      return JSON.stringify({
        command: `${random.pick(['npm test', 'ls -la', 'git status', 'npx tsc -p .', 'rg -n'])} ${random.pick(WORDS)}`,
        description: makeText(random, 6),
      });
    case 'read':
      return JSON.stringify({
        path: `${cwd}/src/${random.pick(WORDS)}/${random.pick(WORDS)}.ts`,
        offset: random.int(0, 400),
        limit: 200,
      });
    case 'edit':
      return JSON.stringify({
        path: `${cwd}/src/${random.pick(WORDS)}.ts`,
        old_string: makeCodeLines(random, random.int(1, 3), false),
        new_string: makeCodeLines(random, random.int(1, 4), false),
      });
    case 'write':
      return JSON.stringify({
        path: `${cwd}/src/${random.pick(WORDS)}-${random.pick(WORDS)}.ts`,
        content: makeCodeLines(random, random.int(4, 16), false),
      });
    case 'grep':
      return JSON.stringify({ pattern: random.pick(WORDS), path: `${cwd}/src` });
    case 'glob':
      return JSON.stringify({ pattern: `src/**/*${random.pick(WORDS)}*.ts` });
    case 'todo_write':
      return JSON.stringify({ todos: [{ content: makeText(random, 8), status: 'in_progress' }] });
    case 'run_code':
      return JSON.stringify({ code: makeCodeLines(random, random.int(2, 6), false) });
  }
}

/** The output text of a successful call to `name` (`read` is occasionally thousands of lines). */
export function makeToolOutput(random: Random, name: ToolName): string {
  switch (name) {
    case 'read':
      if (random.chance(0.004)) return makeCodeLines(random, random.int(1500, 3000), true);
      return makeCodeLines(random, random.chance(0.15) ? random.int(260, 640) : random.int(50, 320), true);
    case 'bash':
      return (
        makeCodeLines(random, random.int(6, 290), false) + `\n[exit code: ${random.chance(0.85) ? 0 : 1}]`
      );
    case 'grep':
    case 'glob':
      return Array.from(
        { length: random.int(1, 30) },
        () => `src/${random.pick(WORDS)}/${random.pick(WORDS)}.ts:${random.int(1, 900)}`,
      ).join('\n');
    default:
      return makeText(random, random.int(8, 40));
  }
}
