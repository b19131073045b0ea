// Builds a hostile session log from a real fixture: every text block gets script tags, event-handler
// attributes, javascript:/data: links, remote images, CSS, SVG, bidi overrides, zero-width
// characters and terminal escapes; one tool result becomes a multi-megabyte single line.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Markdown and HTML that would run script, load something, or reorder text if rendered unsafely. */
const HOSTILE_TEXT = [
  '# Heading <script>window.__pwned = 1; alert(1)</script>',
  '<img src="x" onerror="window.__pwned = 2; alert(2)">',
  '[click me](javascript:alert(3)) [data link](data:text/html,<script>alert(4)</script>) [safe link](https://example.com/page)',
  '![tracker](https://evil.example/track.png)',
  '<svg onload="window.__pwned = 5"></svg><style>body { display: none }</style><iframe src="https://evil.example/"></iframe>',
  '<a href="javascript:alert(6)">raw anchor</a> <link rel="stylesheet" href="https://evil.example/x.css">',
  'bidi: invoice\u202Egpj.exe zero\u200Bwidth \u001b[31mred\u001b[0m bell\u0007',
  '',
].join('\n\n');

/** Size of the huge single-line tool result, in characters. */
export const HUGE_LINE_CHARS = 3 * 1024 * 1024;

function poison(value: unknown, state: { hasHugeLine: boolean }): unknown {
  if (Array.isArray(value)) return value.map((item) => poison(item, state));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) copy[key] = poison(item, state);
  if (record.type === 'text' && typeof record.text === 'string') copy.text = `${HOSTILE_TEXT}${record.text}`;
  if (record.type === 'tool-result' && !state.hasHugeLine && Array.isArray(copy.content)) {
    state.hasHugeLine = true;
    copy.content = [
      ...(copy.content as unknown[]),
      { type: 'text', text: `HUGE:${'A'.repeat(HUGE_LINE_CHARS)}` },
    ];
  }
  return copy;
}

/** Writes the hostile log next to a temp dir and returns its path. `basePath` is a plain .jsonl fixture. */
export function writeHostileLog(basePath: string): string {
  const lines = readFileSync(basePath, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const state = { hasHugeLine: false };
  const out = lines.map((line, index) =>
    index === 0 ? line : JSON.stringify(poison(JSON.parse(line), state)),
  );
  const path = join(mkdtempSync(join(tmpdir(), 'dsh-replay-hostile-')), 'hostile.jsonl');
  writeFileSync(path, `${out.join('\n')}\n`);
  return path;
}
