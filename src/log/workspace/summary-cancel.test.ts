// A cancel stops the summary pass inside a session, not after it (issue 27): a long log (or a ZIP
// member inflating) stops at the next chunk and its decoded part is dropped. Before, the pass read
// the whole session first: here an endless one, so the old pass never returned.

import { describe, expect, it } from 'vitest';
import type { WorkspaceEntry, WorkspaceSession } from '../index.ts';
import { summarizeWorkspace } from '../index.ts';

const encoder = new TextEncoder();

function endlessEntry(onChunk: () => void): WorkspaceEntry {
  return {
    path: 'endless.jsonl',
    size: Number.MAX_SAFE_INTEGER,
    read: () => Promise.reject(new Error('not read whole')),
    async *readChunks() {
      yield encoder.encode('{"version":0,"id":"e","createdAt":1,"cwd":"/w"}\n');
      for (let seq = 0; ; seq++) {
        onChunk();
        await Promise.resolve();
        yield encoder.encode(`{"seq":${seq},"time":1,"type":"turn/start","data":{"turnId":${seq}}}\n`);
      }
    },
  };
}

describe('summarizeWorkspace and Cancel', () => {
  it('stops inside a session at the next chunk once cancelled', async () => {
    let chunks = 0;
    const session = { id: 'e', path: 'endless.jsonl', entry: endlessEntry(() => (chunks += 1)) };
    const result = await summarizeWorkspace([session as unknown as WorkspaceSession], {
      isCancelled: () => chunks >= 1000,
    });
    expect(result.isComplete).toBe(false);
    expect(result.summaries.size).toBe(0);
    expect(result.failures.size).toBe(0);
    expect(chunks).toBe(1000);
  });
});
