// An attempt's chunks as the compact stream a generation-4 assistant/message or assistant/attempt
// embeds (docs/format-generations.md §4).

import type { ChunkEvent } from '../logical-event.ts';
import type { StreamRecord } from './rows.ts';

const RUN_TYPES: Record<string, 'text-chunks' | 'reasoning-chunks'> = {
  'text-delta': 'text-chunks',
  'reasoning-delta': 'reasoning-chunks',
};

/**
 * One attempt's chunks as its compact stream, run by run as the v4 writer's accumulator builds it
 * (LFC `AssistantStreamAccumulator.push`): a delta joins the previous record while its type, index
 * (for tool calls also id and name) are the same; other chunks are raw `chunk` records.
 */
export function compactStream(chunks: readonly ChunkEvent[]): StreamRecord[] {
  const records: StreamRecord[] = [];
  let lastTime = 0;
  for (const { time, data } of chunks) {
    const chunk = data.chunk;
    const previous = records[records.length - 1];
    const runType = RUN_TYPES[chunk.type as string];
    if (runType !== undefined) {
      if (previous?.type === runType && previous.index === chunk.index) {
        previous.dt.push(time - lastTime);
        previous.texts.push(chunk.text as string);
      } else {
        records.push({
          type: runType,
          time0: time,
          index: chunk.index as number,
          dt: [],
          texts: [chunk.text as string],
        });
      }
    } else if (chunk.type === 'tool-call-delta' && chunk.id !== '' && chunk.name !== '') {
      const hasName = 'name' in chunk;
      if (
        previous?.type === 'tool-call-chunks' &&
        previous.index === chunk.index &&
        previous.id === chunk.id &&
        'name' in previous === hasName &&
        previous.name === chunk.name
      ) {
        previous.dt.push(time - lastTime);
        previous.args.push(chunk.argumentsDelta as string);
      } else {
        records.push({
          type: 'tool-call-chunks',
          time0: time,
          index: chunk.index as number,
          dt: [],
          id: chunk.id as string,
          ...(hasName ? { name: chunk.name as string } : {}),
          args: [chunk.argumentsDelta as string],
        });
      }
    } else {
      records.push({ type: 'chunk', time, chunk });
    }
    lastTime = time;
  }
  return records;
}
