// The benchmark pair of issue 23 (bench:compare, bench:compare-browser): the generated log and a copy
// of it with one assistant answer's text changed near its end.

/** The log's text with the text of one assistant answer changed, `fromEnd` answers before the last. */
export function changeOneTurnNearEnd(text: string, fromEnd: number): { text: string; line: number } {
  const lines = text.split('\n');
  let seen = 0;
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] as string;
    if (!line.includes('"type":"assistant/message"') || !line.includes('"type":"text","text":"')) continue;
    if (seen++ < fromEnd) continue;
    lines[index] = line.replace('"type":"text","text":"', '"type":"text","text":"(changed) ');
    return { text: lines.join('\n'), line: index + 1 };
  }
  throw new Error('no assistant answer with text found');
}

/** Which answer the pair's copy changes: the 20th before the last. */
export const CHANGED_ANSWER_FROM_END = 20;
