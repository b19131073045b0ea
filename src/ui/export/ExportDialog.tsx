// Export… (issue 24): choose a format and a range, review every secret the redaction found (in
// context, grouped by rule: mask or leave each, add literals and patterns), then export. The scan
// and the export run in the worker (share-query.ts); the page only shows the hits and saves the
// bytes it is handed. Strict mode refuses to export while any hit has no decision.

import { useMemo, useState } from 'react';
import type { ExportManifest } from '../../log/index.ts';
import type { ShareSource } from '../../worker/client.ts';
import { useViewer } from '../../store/use-viewer.ts';
import { getAppBaseUrl } from '../../url/use-url-sync.ts';
import { useWorkerQuery } from '../shared/use-worker-query.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { ReviewList } from './ReviewList.tsx';
import { initialChoices, shareRequest, unreviewedCount, type ShareChoices } from './share-choices.ts';

const BUTTON =
  'rounded border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-600 dark:hover:bg-zinc-800';

function randomSalt(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** Saves the worker's Blob: the page never copies the file's bytes (issue 24: no long task). */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function useShareSource(): ShareSource | null {
  const opened = useViewer((state) => state.openedSource);
  const summary = useViewer((state) => state.summary);
  const hasWorkspace = useViewer((state) => state.workspace !== null);
  if (opened?.kind === 'file') return { kind: 'file', file: opened.file };
  if (opened?.kind === 'url' || opened?.kind === 'demo')
    return { kind: 'url', url: opened.url, name: opened.name };
  if (hasWorkspace && summary?.sessionId)
    return { kind: 'workspace-session', sessionId: summary.sessionId, name: summary.name };
  return null;
}

export function ExportDialog({ onClose }: { onClose: () => void }) {
  const client = useViewer((state) => state.client);
  const summary = useViewer((state) => state.summary);
  const cursorSeq = useViewer((state) => state.cursorSeq) ?? 0;
  const source = useShareSource();
  const [salt] = useState(randomSalt);
  const [choices, setChoices] = useState<ShareChoices>(() => initialChoices(summary?.turns.length ?? 1));
  const [literal, setLiteral] = useState('');
  const [status, setStatus] = useState<
    | { kind: 'idle' | 'busy' }
    | { kind: 'done'; manifest: ExportManifest; name: string }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const templateUrl = new URL('export/viewer.html', getAppBaseUrl()).href;
  const update = (patch: Partial<ShareChoices>) => setChoices((before) => ({ ...before, ...patch }));
  // The scan depends on what is exported and what the user added, not on the decisions.
  const scanKey = JSON.stringify([
    choices.range,
    choices.fromTurn,
    choices.toTurn,
    choices.withSubtree,
    choices.literals,
    choices.patterns,
  ]);
  const scan = useWorkerQuery(
    () =>
      source === null
        ? null
        : client.query({
            kind: 'share-scan',
            request: shareRequest(choices, source, cursorSeq, salt, templateUrl),
          }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scanKey names every choice the scan reads
    [client, source?.kind, summary?.contentKey, summary?.sessionId, scanKey, salt, cursorSeq],
  );
  const secrets = useMemo(() => (scan.status === 'ready' ? scan.value.secrets : []), [scan]);
  const unreviewed = unreviewedCount(secrets, choices.decisions);
  const isBlocked = scan.status !== 'ready' || (choices.isStrict && unreviewed > 0) || status.kind === 'busy';

  const runExport = () => {
    if (source === null) return;
    setStatus({ kind: 'busy' });
    client
      .query({ kind: 'share-export', request: shareRequest(choices, source, cursorSeq, salt, templateUrl) })
      .then(
        (answer) => {
          saveFile(answer.file, answer.fileName);
          setStatus({ kind: 'done', manifest: answer.manifest, name: answer.fileName });
        },
        (error: unknown) =>
          setStatus({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
  };

  return (
    <ModalDialog
      label="Export"
      title="Export a shareable copy"
      onClose={onClose}
      className="flex max-h-[90vh] w-[44rem] flex-col"
      testId="export-dialog"
    >
      {source === null ? (
        <p className="text-sm">Open a log first.</p>
      ) : (
        <div className="flex min-h-0 flex-col gap-3 text-sm">
          <fieldset className="flex flex-wrap items-center gap-3">
            <legend className="sr-only">Format</legend>
            {(
              [
                ['html', 'HTML (the viewer, offline, one file)'],
                ['md', 'Markdown'],
                ['zip', 'ZIP (dsh export)'],
              ] as const
            ).map(([format, label]) => (
              <label key={format} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="export-format"
                  checked={choices.format === format}
                  onChange={() => update({ format })}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-wrap items-center gap-3">
            <legend className="sr-only">Range</legend>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="export-range"
                checked={choices.range === 'whole'}
                onChange={() => update({ range: 'whole' })}
              />
              Whole session
            </label>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="export-range"
                checked={choices.range === 'cursor'}
                onChange={() => update({ range: 'cursor' })}
              />
              Up to the cursor (seq {cursorSeq})
            </label>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="export-range"
                checked={choices.range === 'turns'}
                onChange={() => update({ range: 'turns' })}
              />
              Turns
            </label>
            <input
              aria-label="From turn"
              type="number"
              min={1}
              className="w-14 rounded border px-1 dark:bg-zinc-800"
              value={choices.fromTurn}
              onChange={(e) => update({ fromTurn: Number(e.target.value) || 1, range: 'turns' })}
            />
            <span>to</span>
            <input
              aria-label="To turn"
              type="number"
              min={1}
              className="w-14 rounded border px-1 dark:bg-zinc-800"
              value={choices.toTurn}
              onChange={(e) => update({ toTurn: Number(e.target.value) || 1, range: 'turns' })}
            />
            {source.kind === 'workspace-session' && (
              <label className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={choices.withSubtree}
                  onChange={(e) => update({ withSubtree: e.target.checked })}
                />
                with its subagents and forks
              </label>
            )}
            {choices.format === 'md' && (
              <label className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={choices.markdownView === 'transcript'}
                  onChange={(e) => update({ markdownView: e.target.checked ? 'transcript' : 'model-view' })}
                />
                transcript instead of the model view
              </label>
            )}
          </fieldset>
          <div className="flex items-center gap-2">
            <input
              aria-label="Text to redact"
              placeholder="Add a text to redact (a name, a host…)"
              className="flex-1 rounded border px-2 py-1 dark:bg-zinc-800"
              value={literal}
              onChange={(e) => setLiteral(e.target.value)}
            />
            <button
              type="button"
              className={BUTTON}
              disabled={literal.length < 3}
              onClick={() => {
                update({ literals: [...choices.literals, literal] });
                setLiteral('');
              }}
            >
              Add
            </button>
            <label
              className="flex items-center gap-1"
              title="Refuse to export while a hit has neither Mask nor Leave"
            >
              <input
                type="checkbox"
                checked={choices.isStrict}
                onChange={(e) => update({ isStrict: e.target.checked })}
              />
              Strict
            </label>
          </div>
          <div
            className="min-h-0 flex-1 overflow-auto rounded border border-zinc-200 p-2 dark:border-zinc-700"
            data-testid="export-review"
          >
            {scan.status === 'waiting' && <p>Looking for secrets in every string of the log…</p>}
            {scan.status === 'failed' && <p role="alert">The scan failed: {scan.message}</p>}
            {scan.status === 'ready' && (
              <ReviewList
                secrets={secrets}
                decisions={choices.decisions}
                onDecide={(hash, decision) =>
                  update({ decisions: { ...choices.decisions, [hash]: decision } })
                }
                onDecideAll={(decision) =>
                  update({ decisions: Object.fromEntries(secrets.map((s) => [s.hash, decision])) })
                }
                stringCount={scan.value.strings}
              />
            )}
          </div>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={`${BUTTON} font-semibold`}
              disabled={isBlocked}
              onClick={runExport}
            >
              {status.kind === 'busy' ? 'Exporting…' : 'Export redacted copy'}
            </button>
            {choices.isStrict && unreviewed > 0 && (
              <span data-testid="export-strict-block">
                Strict: {unreviewed} hit{unreviewed === 1 ? '' : 's'} not reviewed
              </span>
            )}
            {status.kind === 'done' && (
              <span data-testid="export-manifest">
                Saved {status.name}: {status.manifest.bytes.toLocaleString('en-US')} bytes,{' '}
                {status.manifest.events} events, {status.manifest.redactions.reduce((n, r) => n + r.count, 0)}{' '}
                masks · SHA-256 {status.manifest.sha256.slice(0, 12)}…
              </span>
            )}
            {status.kind === 'failed' && <span role="alert">Export failed: {status.message}</span>}
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
