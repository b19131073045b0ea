// The triage report of each finished log, derived once: the store asks for the findings n / N step
// through, the triage panel for the whole report. After a load the worker derives it in slices
// (sliceTriage), so the cursor's first queries are not kept waiting behind it.
import { deriveTriage, deriveTriageSteps, type OpenedLog, type TriageReport } from '../log/index.ts';
import { formatVerdictsOf, knownFormatVerdictsOf } from './log-summary.ts';
import { runStepsInSlices, type YieldToEventLoop } from './work-slices.ts';

const triageByLog = new WeakMap<OpenedLog, TriageReport>();

/**
 * The triage of `log`, derived once per log: a finished log, or one settled state of a live log
 * (each append makes a new state, so triage is derived again only when asked after an append).
 */
export function triageOf(log: OpenedLog): TriageReport {
  if (!log.isComplete) {
    let live = triageByLog.get(log);
    if (live === undefined) {
      live = deriveTriage(log, knownFormatVerdictsOf(log) ?? undefined);
      triageByLog.set(log, live);
    }
    return live;
  }
  let report = triageByLog.get(log);
  if (!report) {
    report = deriveTriage(log, formatVerdictsOf(log) ?? undefined);
    triageByLog.set(log, report);
  }
  return report;
}

/**
 * Derives and caches the triage of a finished log in slices (call it after its format verdicts:
 * triage includes them). Returns whether it finished (false: cancelled, or the log is not finished).
 */
export async function sliceTriage(
  log: OpenedLog,
  yieldToEventLoop: YieldToEventLoop,
  isCancelled: () => boolean,
): Promise<boolean> {
  if (!log.isComplete) return false;
  if (triageByLog.has(log)) return true;
  const steps = deriveTriageSteps(log, formatVerdictsOf(log) ?? undefined);
  const report = await runStepsInSlices(steps, yieldToEventLoop, isCancelled);
  if (report === null) return false;
  // A query may have derived it meanwhile (triageOf): keep the first.
  if (!triageByLog.has(log)) triageByLog.set(log, report);
  return true;
}
