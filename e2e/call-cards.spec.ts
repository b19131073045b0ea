// Tool-call cards in the model view: the status at the cursor ("no result yet" before the result,
// "ok" after), the approval inside the card, and the links between a call and its result; and the
// same for a slash command's run ↔ done in the event detail.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { executedToolCalls } from './support/cli.ts';

const APPROVAL_LOG = resolve('fixtures/approval-approved.jsonl.zstd');
const APPROVAL_LOG_TEXT = resolve('fixtures/approval-approved.jsonl');
const COMMAND_LOG = resolve('fixtures/generations/stored/v4/sdk/text-turn/session.v4.jsonl');

interface PlainEvent {
  type: string;
  seq?: number;
  time?: number;
  data: { id?: string; callId?: string; commandId?: string };
}

/** The lines of a plain log after its header (packed rows have no `seq`; no lookup here needs them). */
function readPlainEvents(path: string): PlainEvent[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PlainEvent);
}

/** The approval/asked and approval/decided seqs of `callId`, read straight from the plain twin. */
function approvalSeqsOf(callId: string): { askedSeq: number; decidedSeq: number } {
  const events = readPlainEvents(APPROVAL_LOG_TEXT);
  const asked = events.find((event) => event.type === 'approval/asked' && event.data.callId === callId);
  const decided = events.find(
    (event) => event.type === 'approval/decided' && event.data.id === asked?.data.id,
  );
  if (asked?.seq === undefined || decided?.seq === undefined) throw new Error('no approval in the fixture');
  return { askedSeq: asked.seq, decidedSeq: decided.seq };
}

test('a tool-call card shows its status at the cursor, its approval, and links to its result and back', async ({
  viewer,
}) => {
  const [call] = executedToolCalls(APPROVAL_LOG);
  if (!call || call.resultSeq === null) throw new Error('the fixture has no answered call');
  expect(call.status).toBe('ok');
  const { askedSeq, decidedSeq } = approvalSeqsOf(call.callId);
  await viewer.openLog(APPROVAL_LOG);

  const card = viewer.toolCallCard(call.callId);
  const status = card.getByTestId('call-status');
  await viewer.scrubTo(call.callSeq);
  await expect(status).toHaveText(/no result yet/);
  await expect(card.getByTestId('call-running')).toHaveText(/running/);
  await expect(card.getByTestId('approval-box')).toHaveCount(0);

  await viewer.scrubTo(askedSeq);
  await expect(status).toHaveText(/no result yet/);
  await expect(card).toContainText('awaiting approval');
  await expect(card.getByTestId('approval-box')).toContainText('awaiting decision');

  await viewer.scrubTo(call.resultSeq - 1);
  await expect(status).toHaveText(/no result yet/);
  await expect(card.getByTestId('approval-box')).toContainText('approved once');
  await expect(card.getByTestId('approval-box')).toContainText(`decided seq ${decidedSeq}`);

  // The result link moves the cursor to the result: the card now says ok, with its duration.
  await card.getByRole('button', { name: `→ result seq ${call.resultSeq}` }).click();
  await viewer.waitForModelViewAt(call.resultSeq);
  expect(await viewer.cursorSeq()).toBe(call.resultSeq);
  await expect(status).toHaveText(/ok/);
  await expect(card.getByTestId('call-running')).toHaveCount(0);

  // The result links back to its call.
  const result = viewer.modelMessage(call.resultSeq);
  await expect(result.getByTestId('result-status')).toHaveText(/ok/);
  await result.getByRole('button', { name: `← call seq ${call.callSeq}` }).click();
  await viewer.waitForModelViewAt(call.callSeq);
  await expect(status).toHaveText(/no result yet/);
});

test('a command/run in the event detail says running until its command/done, links to it and says how long it took', async ({
  page,
  viewer,
}) => {
  const events = readPlainEvents(COMMAND_LOG);
  const run = events.find((event) => event.type === 'command/run');
  const done = events.find(
    (event) => event.type === 'command/done' && event.data.commandId === run?.data.commandId,
  );
  if (run?.seq === undefined || done?.seq === undefined || run.time === undefined || done.time === undefined)
    throw new Error('no command pair in the fixture');
  await viewer.openLog(COMMAND_LOG);

  await viewer.eventRow(run.seq).click();
  await viewer.waitForModelViewAt(run.seq);
  const pairing = page.getByTestId('command-pairing');
  await expect(pairing).toHaveAttribute('data-status', 'running');
  await expect(pairing).not.toContainText('took');
  await pairing.getByRole('button', { name: `→ done seq ${done.seq}` }).click();
  await viewer.waitForModelViewAt(done.seq);
  await expect(pairing).toHaveAttribute('data-status', 'success');
  await expect(pairing).toContainText(`took ${done.time - run.time} ms`);
  await expect(pairing.getByRole('button', { name: `run seq ${run.seq}` })).toBeVisible();
});
