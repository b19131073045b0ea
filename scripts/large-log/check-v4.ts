// `npx tsx scripts/large-log/check-v4.ts FILE… [--samples DIR]… [--no-compare] [--json]`: checks
// generation-4 logs (.jsonl or .jsonl.zstd) against the published v4-era rules that can be checked
// from the file alone (docs/format-generations.md §1, §2, §4, §5 "Generation 4", §6, §7; FORMAT.md
// §3, §6.2 for what did not change), then compares the key order of every object with the same
// object in the sample logs under the --samples folders (default fixtures/generations/upstream/v4).
// Exit status 1 when a rule fails or a key order differs.
//
// Rules (a failure names its rule):
//   line        every line is one JSON object
//   header      v2+ header: exact key set and writer order, version 4, field types
//   envelope    keys type, seq, time, data (in that order) + ignorable/sourceEventSeqs/surfaceOp; seq
//               dense from 0; time a safe integer; ignorable only `true`
//   vocabulary  a type current dsh knows, or ignorable; no assistant/chunk, no packed chunk rows
//   surface     surfaceOp on every surface event and nowhere else; sourceEventSeqs only on system,
//               developer, user and tool/result events; replace ops `{op, startSeq, endSeq}` over
//               current surface nodes, citing every node they shadow; the system head is the first
//               surface node, right after the first step/start, and only a system/message replaces it
//   seqs        sourceEventSeqs: numbers or [start, end] pairs, every seq earlier and unique, a list
//               with pairs strictly increasing, and written as the writer writes it (runs of >= 3 as
//               pairs when the list is strictly increasing, verbatim otherwise)
//   message     message shapes: system, user, assistant, tool-role tool results; `data.error` only
//               on an error; no `kind: "plugin"` source and no `tool-result` block anywhere
//   stream      stream records well formed (exact keys, dt = members - 1 safe integers, ...), runs as
//               the writer's accumulator cuts them, and the message content equal to what the
//               stream assembles to; assistant/attempt is exactly {turn, step, stream}
//   reference   every seq reference points to an earlier event of the right type: tool results to
//               their tool/call (same call id) or the result they prune, checkpoints to their
//               compaction, command/done to a compaction/summary, titles to user prompts,
//               compaction shadowed seqs to surface nodes, developer headerSeq to a request/header
//   structure   turns and steps numbered and nested, surface and attempt events inside the open step,
//               every tool/call after the assistant message that asked for it and settled by exactly
//               one tool/result before its step ends
//   request     request/header without `system`, reason initial|resume|change|series
//   seed        isSeeded agrees with a tagged session/end-seed
//   time        (this generator's, not published) stream times not after their event's time
//
// The rules live in check-v4/, one module per rule family; this file is the command line.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasFlag, positionalArgs, readOptions } from '../lib/cli-options.ts';
import { checkV4Text } from './check-v4/check-text.ts';
import { listJsonl, readLogText } from './check-v4/files.ts';
import { printReport } from './check-v4/print-report.ts';
import { compareShapes } from './check-v4/shapes.ts';

// What scripts/generate-large-log.ts imports from here.
export { checkV4Text } from './check-v4/check-text.ts';
export { readLogText } from './check-v4/files.ts';

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const sampleDirs = readOptions(argv, '--samples');
  if (sampleDirs.length === 0) sampleDirs.push('fixtures/generations/upstream/v4');
  const files = positionalArgs(argv, ['--samples']);
  const json = hasFlag(argv, '--json');
  const sampleTexts = hasFlag(argv, '--no-compare')
    ? []
    : sampleDirs.flatMap(listJsonl).map((path) => readFileSync(path, 'utf8'));
  let isOk = true;
  const results = [];
  for (const file of files) {
    const { text, frames } = readLogText(file);
    const report = checkV4Text(text, file);
    if (frames !== undefined) report.frames = frames;
    const comparison = sampleTexts.length > 0 ? compareShapes(text, sampleTexts) : null;
    if (Object.keys(report.failures).length > 0 || (comparison?.orderDiffers.length ?? 0) > 0) isOk = false;
    if (json) results.push({ ...report, comparison });
    else printReport(report, comparison);
  }
  if (json) process.stdout.write(`${JSON.stringify(results)}\n`);
  process.exitCode = isOk ? 0 : 1;
}
