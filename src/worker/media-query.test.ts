// The worker's media answer: no workspace, a found image with its SHA-256 checked against the id
// (the bytes are a copy the page can take), and a mismatch said rather than hidden.
import { describe, expect, it } from 'vitest';
import { discoverSessions, type Workspace } from '../log/index.ts';
import { makeRedPng, RED_PNG_ATTACHMENT_ID } from '../log/testing/make-media-fixtures.ts';
import { memoryEntry } from '../log/testing/workspace-entries.ts';
import { answerMediaQuery } from './media-query.ts';

async function workspaceWith(name: string, bytes: Uint8Array): Promise<Workspace> {
  return discoverSessions([memoryEntry(`export/media/${name}.png`, bytes)]);
}

describe('answerMediaQuery', () => {
  it('says there is no workspace when none was opened', async () => {
    expect(await answerMediaQuery(null, RED_PNG_ATTACHMENT_ID)).toEqual({
      ok: false,
      path: null,
      reason: 'no-workspace',
    });
  });

  it('answers the bytes with their type and a matching hash', async () => {
    const png = makeRedPng();
    const answer = await answerMediaQuery(
      await workspaceWith(RED_PNG_ATTACHMENT_ID, png),
      RED_PNG_ATTACHMENT_ID,
    );
    expect(answer).toMatchObject({ ok: true, mimeType: 'image/png', hashMatches: true });
    if (!answer.ok) throw new Error('expected an image');
    expect(new Uint8Array(answer.bytes)).toEqual(png);
    expect(answer.bytes.byteLength).toBe(png.length);
  });

  it('says when the bytes do not hash to the id, and does not check an id of another form', async () => {
    const otherId = `sha256:${'0'.repeat(64)}`;
    expect(await answerMediaQuery(await workspaceWith(otherId, makeRedPng()), otherId)).toMatchObject({
      ok: true,
      hashMatches: false,
    });
    expect(await answerMediaQuery(await workspaceWith('att-1', makeRedPng()), 'att-1')).toMatchObject({
      ok: true,
      hashMatches: null,
    });
  });
});
