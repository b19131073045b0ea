// The "Cost & time" tab: where the money and the time of the open log went — the session's totals
// (with the price table next to them), a selected range's, the context window over time, each
// turn's split and critical path, and the prices of the models it used, editable.
import { useCallback, useRef } from 'react';
import { useViewer } from '../../store/use-viewer.ts';
import { usePriceEdits } from '../../store/use-price-edits.ts';
import type { CostResults } from '../../worker/client.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { ContextWindowChart } from './ContextWindowChart.tsx';
import { PriceEditor } from './PriceEditor.tsx';
import { RangeTotalsSection } from './RangeTotalsSection.tsx';
import { TotalsView } from './TotalsView.tsx';
import { TurnBreakdownList } from './TurnBreakdownList.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-1.5 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-300">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function CostPanel() {
  const client = useViewer((state) => state.client);
  const logGeneration = useViewer((state) => state.logGeneration);
  const loadState = useViewer((state) => state.loadState);
  const actions = useViewer((state) => state.actions);
  const edits = usePriceEdits((state) => state.edits);
  const answer = useWorkerQuery(
    () => (loadState === 'ready' ? client.query({ kind: 'cost-session', edits }) : null),
    [client, edits, loadState],
    { log: logGeneration },
  );
  const onJump = useCallback((seq: number) => actions.selectEvent(seq), [actions]);
  // While a price edit re-totals the same log, the last totals stay on screen (marked busy) instead
  // of a "Totalling…" that would unmount the editor and lose its place and its import message.
  const shown = useRef<{ log: number; session: CostResults['cost-session'] } | null>(null);
  if (answer.status === 'ready') shown.current = { log: logGeneration, session: answer.value };
  else if (shown.current?.log !== logGeneration) shown.current = null;
  if (answer.status === 'failed')
    return <p className="p-3 text-xs text-red-700">Could not total this log: {answer.message}</p>;
  if (shown.current === null) return <p className="p-3 text-xs text-zinc-600">Totalling…</p>;
  const { session } = shown.current;
  return (
    <div
      className="h-full overflow-auto text-sm"
      data-testid="cost-panel"
      aria-busy={answer.status === 'waiting'}
    >
      <Section
        title={
          session.ownFromSeq > 0
            ? `This session (from seq ${session.ownFromSeq}; before it is the parent's)`
            : 'This session'
        }
      >
        <TotalsView totals={session.totals} label={session.label} testId="session-totals" />
      </Section>
      <Section title="Selected range">
        <RangeTotalsSection />
      </Section>
      <Section title="Context window">
        <ContextWindowChart series={session.context} onSelectSeq={onJump} />
      </Section>
      <Section title="Per turn">
        <TurnBreakdownList turns={session.turns} label={session.label} onJump={onJump} />
      </Section>
      <Section title="Prices">
        <PriceEditor models={session.models} label={session.label} />
      </Section>
    </div>
  );
}
