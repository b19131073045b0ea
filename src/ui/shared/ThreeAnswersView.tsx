// The three separate answers of a log (issue 20): can this viewer read it, would dsh open it, how
// did the run end. Each has its own badge and words, so "dsh refuses it" never reads as "failed".
import type { DshAnswer, RunEnding, ShownRunEnding, ThreeAnswers } from '../../log/index.ts';
import { shownRunEndingOf } from '../../log/index.ts';
import { StatusBadge } from './StatusBadge.tsx';
import type { StatusTone } from './status-tone.ts';
import { revealInvisibleCharacters } from './visible-text.ts';

const DSH_WORDS: Record<DshAnswer, { label: string; tone: StatusTone }> = {
  opens: { label: 'dsh opens it', tone: 'ok' },
  migrates: { label: 'dsh would migrate it', tone: 'ok' },
  refuses: { label: 'dsh refuses it', tone: 'warning' },
  'cannot-read': { label: 'dsh cannot read it', tone: 'error' },
};

const RUN_WORDS: Record<RunEnding, { label: string; tone: StatusTone }> = {
  completed: { label: 'run completed', tone: 'ok' },
  failed: { label: 'run failed', tone: 'error' },
  crashed: { label: 'run crashed', tone: 'error' },
  hanging: { label: 'run hanging', tone: 'pending' },
  interrupted: { label: 'run interrupted', tone: 'warning' },
  'no-turns': { label: 'no turn yet', tone: 'neutral' },
  other: { label: 'run ended (unknown reason)', tone: 'neutral' },
};

/** A followed log whose writer is still appending: its unended turn runs (issue 22). */
const RUNNING_WORDS = { label: 'run running', tone: 'pending' as StatusTone };
const RUNNING_SENTENCE =
  'The last turn has not ended and the writer is still appending (followed live): it is running. It is called hanging once nothing has been appended for longer than the threshold in the live bar.';

/**
 * How the run's ending is shown, badge words and tooltip: with `isWriterActive` (a followed log that
 * grew within the reader's threshold: useIsWriterActive, writerActivityOf) an unended run
 * ('hanging') is "running", hanging only once the writer has been quiet past it (shownRunEndingOf,
 * the rule the list's filter and counts use too). The header's badge, the followed session's row
 * and triage's answers show it through this.
 */
function shownRunEnding(
  run: ThreeAnswers['run'],
  isWriterActive: boolean,
): { ending: ShownRunEnding; label: string; tone: StatusTone; sentence: string } {
  const ending = shownRunEndingOf(run.ending, isWriterActive);
  if (ending === 'running') return { ending, ...RUNNING_WORDS, sentence: RUNNING_SENTENCE };
  return { ending, ...RUN_WORDS[ending], sentence: run.sentence };
}

/**
 * The run's ending as one badge (the header bar shows it beside the verdict badges). With
 * `isWriterActive` an unended run is "running" (shownRunEnding).
 */
export function RunEndingBadge({
  answers,
  isWriterActive = false,
}: {
  answers: ThreeAnswers;
  isWriterActive?: boolean;
}) {
  const shown = shownRunEnding(answers.run, isWriterActive);
  return (
    <span data-testid="run-ending" data-ending={shown.ending}>
      <StatusBadge tone={shown.tone} label={shown.label} title={revealInvisibleCharacters(shown.sentence)} />
    </span>
  );
}

/** The session list's short words for answer 2 (the row is narrow; the tooltip has the sentence). */
const DSH_SHORT: Record<DshAnswer, string> = {
  opens: 'dsh opens',
  migrates: 'dsh migrates',
  refuses: 'dsh refuses',
  'cannot-read': 'dsh cannot read',
};

/**
 * The three answers in one line of small badges (a session row, the lineage tree): what this viewer
 * reads, what dsh does, how the run ended. Each badge's tooltip is the answer's sentence. With
 * `isWriterActive` (the row of the session being followed, its writer still appending) an unended
 * run is "running", as in the header (shownRunEnding).
 */
export function ThreeAnswersChips({
  answers,
  isWriterActive = false,
}: {
  answers: ThreeAnswers;
  isWriterActive?: boolean;
}) {
  const { viewer, dsh } = answers;
  const run = shownRunEnding(answers.run, isWriterActive);
  return (
    <span
      className="flex min-w-0 flex-nowrap items-center gap-1 overflow-hidden"
      data-testid="session-answers"
      data-viewer={viewer.problemLines}
      data-dsh={dsh.answer}
      data-run={run.ending}
    >
      <StatusBadge
        tone={viewer.problemLines === 0 ? 'ok' : 'warning'}
        label={
          viewer.problemLines === 0
            ? 'reads all'
            : `${viewer.problemLines} problem line${viewer.problemLines === 1 ? '' : 's'}`
        }
        title={revealInvisibleCharacters(viewer.sentence)}
        isSmall
      />
      <StatusBadge
        tone={DSH_WORDS[dsh.answer].tone}
        label={DSH_SHORT[dsh.answer]}
        title={revealInvisibleCharacters(dsh.sentence)}
        isSmall
      />
      <StatusBadge
        tone={run.tone}
        label={run.label}
        title={revealInvisibleCharacters(run.sentence)}
        isSmall
      />
    </span>
  );
}

/**
 * The three answers as three rows: a badge and the sentence that says why. With `isWriterActive`
 * (the log being followed, its writer still appending) an unended run is "running" (shownRunEnding).
 */
export function ThreeAnswersList({
  answers,
  onSelectSeq,
  isWriterActive = false,
}: {
  answers: ThreeAnswers;
  onSelectSeq?: (seq: number) => void;
  isWriterActive?: boolean;
}) {
  const run = shownRunEnding(answers.run, isWriterActive);
  const rows: {
    key: string;
    question: string;
    label: string;
    tone: StatusTone;
    sentence: string;
    seq: number | null;
  }[] = [
    {
      key: 'viewer',
      question: 'Can this viewer read it?',
      label:
        answers.viewer.problemLines === 0
          ? 'reads all of it'
          : `reads it · ${answers.viewer.problemLines} problem line${answers.viewer.problemLines === 1 ? '' : 's'}`,
      tone: answers.viewer.problemLines === 0 ? 'ok' : 'warning',
      sentence: answers.viewer.sentence,
      seq: null,
    },
    {
      key: 'dsh',
      question: 'Would dsh open it?',
      ...DSH_WORDS[answers.dsh.answer],
      sentence: answers.dsh.sentence,
      seq: answers.dsh.seq,
    },
    {
      key: 'run',
      question: 'How did the run end?',
      label: run.label,
      tone: run.tone,
      sentence: run.sentence,
      seq: answers.run.seq,
    },
  ];
  return (
    <dl className="space-y-1 text-xs" data-testid="three-answers">
      {rows.map((row) => (
        <div
          key={row.key}
          className="flex flex-wrap items-baseline gap-x-2"
          data-answer={row.key}
          data-ending={row.key === 'run' ? run.ending : undefined}
        >
          <dt className="w-40 shrink-0 text-zinc-600 dark:text-zinc-400">{row.question}</dt>
          <dd className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
            <StatusBadge tone={row.tone} label={row.label} />
            <span className="min-w-0 text-zinc-800 dark:text-zinc-200">
              {revealInvisibleCharacters(row.sentence)}
            </span>
            {row.seq !== null && onSelectSeq && (
              <button
                type="button"
                className="font-mono text-sky-800 hover:underline dark:text-sky-300"
                onClick={() => onSelectSeq(row.seq as number)}
              >
                seq {row.seq}
              </button>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
