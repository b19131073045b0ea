// dsh's storage names (FORMAT.md §1.1 project key and session directory, §8.3 export safe id).

import { describe, expect, it } from 'vitest';
import { exportSafeId, projectDirectoryName, sessionDirectoryName } from './storage-names.ts';

describe('projectDirectoryName', () => {
  it('turns separators into one dash, drops leading dashes and wraps the slug', () => {
    expect(projectDirectoryName('/home/dev/projects/subagent-multi')).toBe(
      '--home-dev-projects-subagent-multi--',
    );
    expect(projectDirectoryName('C:\\Users\\me\\repo')).toBe('--C-Users-me-repo--');
    expect(projectDirectoryName('//srv::x')).toBe('--srv-x--');
  });

  it('escapes ~ and every other character outside [A-Za-z0-9._-] as ~XXXX (UTF-16 units)', () => {
    expect(projectDirectoryName('/home/~me/my project/é')).toBe('--home-~007Eme-my~0020project-~00E9--');
    expect(projectDirectoryName('/x/😀')).toBe('--x-~D83D~DE00--');
  });

  it('names the empty slug root, a missing cwd _no-cwd, and truncates to 251 characters', () => {
    expect(projectDirectoryName('/')).toBe('--root--');
    expect(projectDirectoryName(null)).toBe('_no-cwd');
    const long = projectDirectoryName(`/${'a'.repeat(400)}`);
    expect(long).toBe(`--${'a'.repeat(251)}--`);
  });
});

describe('sessionDirectoryName and exportSafeId', () => {
  it('escapes a session id injectively, . and .. included', () => {
    expect(sessionDirectoryName('5138ed0d-e86e-4a7d-b75b-803307e92b17')).toBe(
      '5138ed0d-e86e-4a7d-b75b-803307e92b17',
    );
    expect(sessionDirectoryName('a/b~c')).toBe('a~002Fb~007Ec');
    expect(sessionDirectoryName('.')).toBe('~002E');
    expect(sessionDirectoryName('..')).toBe('~002E~002E');
    expect(sessionDirectoryName('...')).toBe('...');
  });

  it('replaces every character outside [A-Za-z0-9_-] with _ for the export ZIP', () => {
    expect(exportSafeId('session-1.2:x')).toBe('session-1_2_x');
  });
});
