// An image block's facts read from untrusted JSON, and the size an image card shows it at.
import { describe, expect, it } from 'vitest';
import { displaySize, readAttachmentFacts } from './attachment-display.ts';

describe('readAttachmentFacts', () => {
  it('reads the fields of an ImageAttachmentRef (FORMAT.md §5.1) and drops mistyped ones', () => {
    expect(
      readAttachmentFacts({
        attachmentId: 'sha256:ab',
        mediaType: 'image/png',
        width: 1,
        height: 1,
        name: 'red.png',
      }),
    ).toEqual({ attachmentId: 'sha256:ab', name: 'red.png', mediaType: 'image/png', width: 1, height: 1 });
    expect(readAttachmentFacts({ attachmentId: 7, width: -1, height: Number.NaN, name: null })).toEqual({
      attachmentId: null,
      name: null,
      mediaType: null,
      width: null,
      height: null,
    });
    expect(readAttachmentFacts('not an object').attachmentId).toBeNull();
  });
});

describe('displaySize', () => {
  it('fits a large image into 320×240, keeping its aspect ratio', () => {
    expect(displaySize(4000, 3000)).toEqual({ width: 320, height: 240 });
    expect(displaySize(1000, 100)).toEqual({ width: 320, height: 32 });
  });

  it('scales a tiny image up so a 1×1 pixel is seen, and leaves a middling one alone', () => {
    expect(displaySize(1, 1)).toEqual({ width: 48, height: 48 });
    expect(displaySize(12, 6)).toEqual({ width: 48, height: 24 });
    expect(displaySize(200, 100)).toEqual({ width: 200, height: 100 });
  });

  it('leaves the size to CSS when the log states none', () => {
    expect(displaySize(null, 10)).toBeNull();
  });
});
