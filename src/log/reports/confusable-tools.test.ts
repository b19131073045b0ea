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
  it('flags a trailing NBSP or thin space, small capitals and a combining mark (issue 27)', () => {
    const used = [
      'bash\u00A0',
      'bash\u2009',
      '\u0299\u1D00s\u029C',
      'read_\uA730\u026A\u029F\u1D07',
      'bas\u0301h',
    ];
    expect(findConfusableTools(DECLARED, used)).toEqual([
      { name: 'bash\u00A0', lookalike: 'bash', reason: 'homoglyph' },
      { name: 'bash\u2009', lookalike: 'bash', reason: 'homoglyph' },
      { name: '\u0299\u1D00s\u029C', lookalike: 'bash', reason: 'homoglyph' },
      { name: 'read_\uA730\u026A\u029F\u1D07', lookalike: 'read_file', reason: 'homoglyph' },
      { name: 'bas\u0301h', lookalike: 'bash', reason: 'homoglyph' },
    ]);
  });
});
