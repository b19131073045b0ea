// Tests of the confusable tool-name check (issue 12, "Spoofing"): a called tool that is not declared
// (FORMAT.md §5.2 request/header `tools`) but looks like a declared one is named with the lookalike.
import { describe, expect, it } from 'vitest';
import { findConfusableTools } from './confusable-tools.ts';

const DECLARED = ['read_file', 'bash', 'write_file', 'rm'];

describe('findConfusableTools', () => {
  it('flags a name that differs from a declared tool only by a Cyrillic homoglyph', () => {
    expect(findConfusableTools(DECLARED, ['read_f\u0456le'])).toEqual([
      { name: 'read_f\u0456le', lookalike: 'read_file', reason: 'homoglyph' },
    ]);
  });
  it('flags a name that differs only by an invisible character', () => {
    expect(findConfusableTools(DECLARED, ['ba\u200Bsh', 'bash\u{E0041}', 'bash\uFE0F'])).toEqual([
      { name: 'ba\u200Bsh', lookalike: 'bash', reason: 'invisible' },
      { name: 'bash\u{E0041}', lookalike: 'bash', reason: 'invisible' },
      { name: 'bash\uFE0F', lookalike: 'bash', reason: 'invisible' },
    ]);
  });
  it('flags fullwidth letters and digit-for-letter swaps', () => {
    expect(findConfusableTools(DECLARED, ['\uFF42ash', 'read_fi1e']).map((flag) => flag.lookalike)).toEqual([
      'bash',
      'read_file',
    ]);
  });
  it('flags "rn" for a declared "m"-like name as Unicode\u2019s table does', () => {
    expect(findConfusableTools(['rm'], ['rrn'])).toEqual([
      { name: 'rrn', lookalike: 'rm', reason: 'homoglyph' },
    ]);
  });
  it('leaves declared names, plainly different names and case differences alone', () => {
    expect(findConfusableTools(DECLARED, ['bash', 'grep', 'Bash', 'read_files'])).toEqual([]);
  });
  it('reports each used name once, in the order given', () => {
    expect(
      findConfusableTools(DECLARED, ['b\u0430sh', 'b\u0430sh', 'ba\u200Bsh']).map((flag) => flag.name),
    ).toEqual(['b\u0430sh', 'ba\u200Bsh']);
  });
});
