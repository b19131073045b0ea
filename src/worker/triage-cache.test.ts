import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeLog, deriveTriage } from '../log/index.ts';
import { TriageLogBuilder, toolCallBlock } from '../log/testing/triage-log-builder.ts';
import { formatVerdictsOf } from './log-summary.ts';
import { sliceTriage, triageOf } from './triage-cache.ts';

describe('sliceTriage', () => {
  afterEach(() => vi.restoreAllMocks());
  // A clock that moves 5 ms per reading: every few triage steps outlast WORK_SLICE_MS.
  function fakeClock(): void {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 5));
  }
  // More failed calls than one step describes (64), and more calls than one step of the
  // unexpected-tool check holds (256), so triage yields.
  const manyCalls = () => {
    const builder = new TriageLogBuilder();
    builder.turnStart();
    builder.stepStart();
    builder.userMessage('run it all');
    builder.requestHeader(['bash']);
    for (let call = 0; call < 600; call += 1) {
      const callId = `c${call}`;
      builder.attempt([toolCallBlock(callId, call % 7 === 0 ? 'bsh' : 'bash', '{"command":"ls"}')]);
      const callSeq = builder.toolCall(callId, 'bash', '{"command":"ls"}');
      builder.toolResult(callId, { isError: call % 3 === 0, text: 'no such file', callSeq });
    }
    builder.stepEnd();
    builder.turnEnd();
    const log = decodeLog(builder.toBytes());
    expect(log.index.toolCalls.length).toBe(600);
    return log;
  };

  it('yields between slices, ends with what deriveTriage gives, and caches it for triageOf', async () => {
    const log = manyCalls();
    const fresh = manyCalls();
    const expected = deriveTriage(fresh, formatVerdictsOf(fresh) ?? undefined);
    formatVerdictsOf(log);
    fakeClock();
    let yields = 0;
    const finished = await sliceTriage(
      log,
      () => {
        yields += 1;
        return Promise.resolve();
      },
      () => false,
    );
    expect(finished).toBe(true);
    expect(yields).toBeGreaterThan(0);
    const report = triageOf(log);
    expect(report).toEqual(expected);
    expect(report.failedCalls.length).toBeGreaterThan(2 * 64);
    // Cached: asked again, the same object.
    expect(triageOf(log)).toBe(report);
  });

  it('stops when the load is cancelled between slices, leaving nothing cached', async () => {
    const log = manyCalls();
    formatVerdictsOf(log);
    fakeClock();
    const finished = await sliceTriage(
      log,
      () => Promise.resolve(),
      () => true,
    );
    expect(finished).toBe(false);
    vi.restoreAllMocks();
    expect(triageOf(log)).toEqual(deriveTriage(log, formatVerdictsOf(log) ?? undefined));
  });
});
