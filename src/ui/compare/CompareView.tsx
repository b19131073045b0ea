// The compare view (issue 23): shown instead of the panes while runs are compared. Its header names
// the runs and says where they parted (the first divergence, shown first) with the totals as deltas;
// below, the locked timelines, the request diff, the two model views and the tool results of the
// aligned step at the one compare position.

import type { FirstDivergence, RunAlignment, RunOutline } from '../../log/index.ts';
import { findFirstDivergence } from '../../log/index.ts';
import { firstDivergencePosition } from '../../store/compare-slice.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { revealInvisibleCharacters } from '../shared/visible-text.ts';
import { CompareColumns } from './CompareColumns.tsx';
import { CompareModelViews } from './CompareModelViews.tsx';
import { CompareTimelines } from './CompareTimelines.tsx';
import { RequestDiff } from './RequestDiff.tsx';
import { ToolResultDiffs } from './ToolResultDiffs.tsx';
import { formatDelta, formatDuration } from './compare-model.ts';

/** The first divergence per alignment: walked once, not at every render of a cursor move. */
const divergenceCache = new WeakMap<RunAlignment, FirstDivergence | null>();

function firstDivergenceOf(
  alignment: RunAlignment,
  base: RunOutline,
  run: RunOutline,
): FirstDivergence | null {
  if (!divergenceCache.has(alignment))
    divergenceCache.set(alignment, findFirstDivergence(alignment, base, run));
  return divergenceCache.get(alignment) ?? null;
}

const RELATION_TEXT = {
  generations: 'two generations of one session',
  fork: 'a fork and its parent',
  related: 'two runs with turns in common',
  unrelated: 'unrelated sessions: no turn in common, aligned by turn order',
} as const;

export function CompareView() {
  const compare = useViewer((state) => state.compare);
  const client = useViewer((state) => state.client);
  const actions = useViewer((state) => state.actions);
  if (compare === null) return null;
  const close = (
    <button
      type="button"
      data-testid="compare-close"
      onClick={() => actions.closeCompare()}
      className="ml-auto rounded border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
    >
      Close compare
    </button>
  );
  if (compare.status !== 'ready' || compare.opened === null)
    return (
      <main
        className="flex flex-1 flex-col gap-2 p-3 text-sm"
        data-testid="compare-view"
        data-status={compare.status}
      >
        <div className="flex items-center gap-2">
          <span>
            {compare.status === 'loading' ? 'Reading and aligning ' : 'Could not compare '}
            {compare.names.map(revealInvisibleCharacters).join(' and ')}…
          </span>
          {close}
        </div>
        {compare.error && (
          <p role="alert" className="text-rose-700">
            {compare.error}
          </p>
        )}
      </main>
    );
  const { opened, other, position, seqs, isLocked } = compare;
  const base = opened.outlines[0] as RunOutline;
  const run = opened.outlines[other] as RunOutline;
  const alignment = opened.columns.alignments[other - 1];
  const report = opened.reports[other - 1];
  if (alignment === undefined || report === undefined) return null;
  const first = firstDivergenceOf(alignment, base, run);
  const turn = alignment.turns[position.turnIndex];
  const aligned = position.stepIndex === null ? undefined : turn?.steps[position.stepIndex];
  const stepA = aligned?.a == null || turn?.a == null ? null : (base.turns[turn.a]?.steps[aligned.a] ?? null);
  const stepB = aligned?.b == null || turn?.b == null ? null : (run.turns[turn.b]?.steps[aligned.b] ?? null);
  const totals = report.totals.delta;
  return (
    <main
      className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden"
      data-testid="compare-view"
      data-status="ready"
      data-relation={report.relation}
      data-position={`${position.turnIndex}${position.stepIndex === null ? '' : `.${position.stepIndex}`}`}
      data-seqs={`${seqs[0]}.${seqs[1]}`}
      data-locked={isLocked}
    >
      <header className="flex flex-col gap-1 border-b border-zinc-200 p-2 text-xs dark:border-zinc-800">
        <div className="flex flex-wrap items-center gap-2">
          <strong className="text-sm">Compare</strong>
          <span>
            A <span className="font-mono">{revealInvisibleCharacters(opened.runs[0]?.name ?? '')}</span> ↔ B{' '}
            <span className="font-mono">{revealInvisibleCharacters(opened.runs[other]?.name ?? '')}</span>
          </span>
          <span data-testid="compare-relation">· {RELATION_TEXT[report.relation]}</span>
          {report.sharedPrefix.kind === 'fork' && (
            <span>
              · shared through seq {report.sharedPrefix.aSeqEnd} (A) / {report.sharedPrefix.bSeqEnd} (B)
            </span>
          )}
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={isLocked}
              onChange={(event) => actions.setCompareLocked(event.target.checked)}
              data-testid="compare-lock"
            />{' '}
            locked
          </label>
          {close}
        </div>
        <div
          className="flex flex-wrap items-center gap-2"
          data-testid="first-divergence"
          data-kind={first?.kind ?? 'none'}
          data-a-seq={first?.aSeq ?? ''}
          data-b-seq={first?.bSeq ?? ''}
        >
          {first === null ? (
            <span className="font-semibold text-emerald-800 dark:text-emerald-300">
              Same throughout: the same messages reached the model and the same calls came back.
            </span>
          ) : (
            <>
              <span className="font-semibold">
                First divergence: turn {first.turn.a ?? '—'}/{first.turn.b ?? '—'}
                {first.step.a !== null || first.step.b !== null
                  ? ` step ${first.step.a ?? '—'}/${first.step.b ?? '—'}`
                  : ''}{' '}
                (seq {first.aSeq ?? '—'} in A, {first.bSeq ?? '—'} in B):
              </span>
              <span data-testid="first-divergence-summary">{revealInvisibleCharacters(first.summary)}</span>
              <button
                type="button"
                onClick={() => actions.setComparePosition(firstDivergencePosition(opened, other))}
                className="rounded border border-violet-400 px-1.5 hover:bg-violet-50 dark:hover:bg-violet-950"
              >
                Go there
              </button>
            </>
          )}
        </div>
        <div data-testid="compare-totals">
          B − A in total: tokens in {formatDelta(totals.tokens.input)}, out{' '}
          {formatDelta(totals.tokens.output)} · time {formatDuration(totals.durationMs)} · tool calls{' '}
          {formatDelta(totals.toolCalls)} · errors {formatDelta(totals.toolErrors)} · turns{' '}
          {report.counts.same} same, {report.counts.changed} differ, {report.counts['only-a']} only in A,{' '}
          {report.counts['only-b']} only in B
        </div>
      </header>
      <CompareColumns opened={opened} other={other} onOther={(index) => actions.setCompareOther(index)} />
      <CompareTimelines
        base={base}
        run={run}
        turns={alignment.turns}
        position={position}
        isLocked={isLocked}
        onPosition={(next) => actions.setComparePosition(next)}
        onSideSeq={(side, seq) => actions.setCompareSeq(side, seq)}
      />
      <div className="min-h-0 flex-1 overflow-auto">
        <RequestDiff client={client} compareId={opened.compareId} other={other} seqs={seqs} />
        {aligned && (
          <ToolResultDiffs
            client={client}
            compareId={opened.compareId}
            other={other}
            aligned={aligned}
            stepA={stepA}
            stepB={stepB}
          />
        )}
        <CompareModelViews client={client} compareId={opened.compareId} other={other} seqs={seqs} />
      </div>
    </main>
  );
}
