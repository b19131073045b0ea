// The generated log's content vocabulary: token-sized text like a BPE tokenizer emits (leading
// spaces, split words, punctuation, a little non-ASCII), code lines, ids and streamed argument pieces.

import type { Random } from '../lib/random.ts';

/** Whole words the text and code are drawn from (also file names and search patterns). */
export const WORDS = (
  'the a to of and in is it that for this file test function we need I should check let me ' +
  'now run update error value type return import export const module config build output ' +
  'line change add remove fix first then next because so but with from on at by as be can ' +
  'will would could also only just still already before after when while each every all ' +
  'some any more less same other new old current previous following above below index seq ' +
  'turn step event log reader parser decoder frame chunk packed row surface message model ' +
  'tool call result header request context usage token stream window batch offset length ' +
  'array object string number boolean null undefined promise async await worker thread ' +
  'memory buffer bytes text json schema field key option default path directory workspace ' +
  'command shell script package version install dependency lint format typecheck compile'
).split(' ');

const SUBWORD_SPLITS = ['ing', 'ed', 'er', 'ly', 'tion', 's', 'able', 'ment', 'ize', 'ness'];
const PUNCTUATION = ['.', ',', ':', ';', '?', ' —', ' (', ')', '`', '\n\n', '\n', ' -', ' "', '"'];
const NON_ASCII = [' café', ' naïve', ' →', ' ✓', ' 日本語', ' über', ' 🙂', ' ∑', ' €'];
const CODE_TOKENS = [
  'const',
  ' ',
  'let',
  ' =',
  ' (',
  ')',
  ' {',
  '}',
  ';',
  '\n',
  '  ',
  'return',
  ' =>',
  '.',
  'map',
  'filter',
  'push',
  'length',
  '[',
  ']',
  ',',
  ' +',
  ' 1',
  ' 0',
  'if',
  ' ===',
  'null',
  'await',
  'import',
  ' from',
  " '",
  "'",
  'export',
  'function',
  'type',
  ':',
  ' string',
  ' number',
];

/** Appends `tokenCount` text tokens to `out`: words, subword pieces, punctuation and rare non-ASCII, sentence-cased. */
export function pushTextTokens(random: Random, tokenCount: number, out: string[]): void {
  let sentenceStart = true;
  for (let i = 0; i < tokenCount; i += 1) {
    const roll = random.next();
    let token: string;
    if (roll < 0.12 && !sentenceStart) {
      token = random.pick(PUNCTUATION);
      sentenceStart = token === '.' || token.startsWith('\n');
    } else if (roll < 0.2) {
      token = random.pick(SUBWORD_SPLITS);
    } else if (roll < 0.203) {
      token = random.pick(NON_ASCII);
    } else {
      const word = random.pick(WORDS);
      token = sentenceStart ? word.charAt(0).toUpperCase() + word.slice(1) : ` ${word}`;
      sentenceStart = false;
    }
    out.push(token);
  }
}

/** Text of `tokenCount` tokens (see `pushTextTokens`). */
export function makeText(random: Random, tokenCount: number): string {
  const tokens: string[] = [];
  pushTextTokens(random, tokenCount, tokens);
  return tokens.join('');
}

/** `lineCount` lines of code-like text, indented; `withNumbers` prefixes each with a right-aligned line number and a tab (`read` output). */
export function makeCodeLines(random: Random, lineCount: number, withNumbers: boolean): string {
  const lines: string[] = [];
  for (let i = 0; i < lineCount; i += 1) {
    const parts: string[] = [];
    const indent = random.int(0, 3);
    const tokens = random.int(3, 14);
    for (let k = 0; k < tokens; k += 1)
      parts.push(random.chance(0.6) ? random.pick(CODE_TOKENS) : random.pick(WORDS));
    const body = '  '.repeat(indent) + parts.join('').replace(/\n/g, ' ');
    lines.push(withNumbers ? `${String(i + 1).padStart(5, ' ')}\t${body}` : body);
  }
  return lines.join('\n');
}

/** A version-4-shaped UUID (lowercase hex, dashes at 8-4-4-4-12). */
export function makeId(random: Random): string {
  const hex = '0123456789abcdef';
  let out = '';
  for (let i = 0; i < 32; i += 1) {
    out += hex[random.int(0, 15)] ?? '0';
    if (i === 7 || i === 11 || i === 15 || i === 19) out += '-';
  }
  return out.slice(0, 14) + '4' + out.slice(15);
}

/** A provider-style tool call id: `call_0<index>_` and 24 alphanumerics. */
export function makeCallId(random: Random, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < 24; i += 1) out += alphabet[random.int(0, alphabet.length - 1)] ?? 'A';
  return `call_0${index}_${out}`;
}

/** Splits a JSON arguments text into token-sized deltas, the way providers stream them. */
export function splitArguments(random: Random, text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const size = random.int(2, 9);
    out.push(text.slice(i, i + size));
    i += size;
  }
  if (out.length > 0 && random.chance(0.5)) out.unshift('');
  return out;
}
