// The prices of the models a session used, editable: the table's price (when it has one) beside
// the person's, saved in this browser (only the prices) and applied to every total at once; the
// edits import from and export to JSON (the same file `cost --prices` reads).
import { useState, type ChangeEvent } from 'react';
import { usePriceEdits } from '../../store/use-price-edits.ts';
import type { ModelCostLine, PriceLabel } from '../../worker/client.ts';
import { VisibleText } from '../shared/VisibleText.tsx';
import { formatCountOf } from '../shared/count-noun.ts';
import { formatTotal } from './format-money.ts';

interface DraftPrices {
  input: string;
  cacheRead: string;
  output: string;
}

function draftOf(line: ModelCostLine): DraftPrices {
  const edit = line.edit;
  const table = line.tablePrice;
  const text = (value: number | null | undefined): string =>
    value === null || value === undefined ? '' : String(value);
  return {
    input: text(edit ? edit.inputPerMillion : table?.input),
    cacheRead: text(edit ? edit.cacheReadPerMillion : table?.cacheRead),
    output: text(edit ? edit.outputPerMillion : table?.output),
  };
}

function readPrice(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : Number.NaN;
}

function ModelPriceRow({ line, label }: { line: ModelCostLine; label: PriceLabel }) {
  const actions = usePriceEdits((state) => state.actions);
  const [draft, setDraft] = useState<DraftPrices>(() => draftOf(line));
  const [error, setError] = useState<string | null>(null);
  const field = (key: keyof DraftPrices, name: string) => (
    <label className="flex items-center gap-1">
      {name}
      <input
        type="text"
        inputMode="decimal"
        aria-label={`${name} price per million tokens of ${line.model}`}
        value={draft[key]}
        onChange={(event: ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: event.target.value })}
        className="w-20 rounded border border-zinc-300 bg-white px-1 font-mono dark:border-zinc-600 dark:bg-zinc-900"
      />
    </label>
  );
  const save = () => {
    const input = readPrice(draft.input);
    const output = readPrice(draft.output);
    const cacheRead = readPrice(draft.cacheRead);
    if (
      input === null ||
      output === null ||
      Number.isNaN(input) ||
      Number.isNaN(output) ||
      Number.isNaN(cacheRead)
    ) {
      setError('Input and output need a price ≥ 0 (USD per million tokens); cached may be empty.');
      return;
    }
    setError(null);
    actions.setEdit({
      provider: line.provider,
      model: line.model,
      inputPerMillion: input,
      outputPerMillion: output,
      ...(cacheRead === null ? {} : { cacheReadPerMillion: cacheRead }),
      ...(line.tablePrice?.cacheWrite != null ? { cacheWritePerMillion: line.tablePrice.cacheWrite } : {}),
    });
  };
  return (
    <li
      data-testid="model-price"
      data-model={line.model}
      className="space-y-1 border-t border-zinc-200 py-1.5 dark:border-zinc-700"
    >
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-mono font-semibold">
          <VisibleText text={line.model || '(no model)'} />
        </span>
        <span className="text-zinc-600 dark:text-zinc-400">
          <VisibleText text={line.provider} />
        </span>
        <span className="tabular-nums">
          {formatCountOf(line.requests, 'request')} · {formatTotal(line.cost, line.unpriced, label.currency)}
        </span>
        {line.edit ? (
          <span className="rounded bg-violet-100 px-1 text-violet-900 dark:bg-violet-900/50 dark:text-violet-200">
            your price
          </span>
        ) : line.tablePrice ? (
          <span className="text-zinc-600 dark:text-zinc-400">table: {line.tablePrice.pricedAs}</span>
        ) : (
          <span className="rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">
            unpriced
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-[11px]">
        {field('input', 'input')}
        {field('cacheRead', 'cached')}
        {field('output', 'output')}
        <span className="text-zinc-600 dark:text-zinc-400">USD / MTok</span>
        <button
          type="button"
          onClick={save}
          className="rounded border border-zinc-300 px-2 dark:border-zinc-600"
        >
          Use this price
        </button>
        {line.edit && (
          <button
            type="button"
            onClick={() => {
              actions.removeEdit(line.provider, line.model);
              setDraft({ input: '', cacheRead: '', output: '' });
            }}
            className="rounded border border-zinc-300 px-2 dark:border-zinc-600"
          >
            Back to the table
          </button>
        )}
      </div>
      {error && <p className="text-[11px] text-red-700 dark:text-red-300">{error}</p>}
    </li>
  );
}

export function PriceEditor({ models, label }: { models: readonly ModelCostLine[]; label: PriceLabel }) {
  const actions = usePriceEdits((state) => state.actions);
  const isUnsaved = usePriceEdits((state) => state.isUnsaved);
  const editCount = usePriceEdits((state) => state.edits.length);
  const [message, setMessage] = useState<string | null>(null);
  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = actions.importJson(await file.text());
    setMessage(
      result.ok
        ? `Imported ${result.count} price${result.count === 1 ? '' : 's'}${result.skipped.length > 0 ? `; left out: ${result.skipped.join('; ')}` : ''}.`
        : `Not imported: ${result.message}.`,
    );
  };
  const exportHref = `data:application/json;charset=utf-8,${encodeURIComponent(actions.exportJson(label.source))}`;
  return (
    <div data-testid="price-editor" className="space-y-1 text-xs">
      <ul>
        {models.map((line) => (
          // Keyed by the edit too, so a reset or an import refills the fields.
          <ModelPriceRow
            key={`${line.provider}\u0000${line.model}\u0000${JSON.stringify(line.edit)}`}
            line={line}
            label={label}
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2 text-[11px]">
        <label className="cursor-pointer rounded border border-zinc-300 px-2 dark:border-zinc-600">
          Import prices (JSON)…
          <input
            type="file"
            accept="application/json,.json"
            className="sr-only"
            data-testid="import-prices"
            onChange={(event) => void importFile(event)}
          />
        </label>
        <a
          href={exportHref}
          download="dsh-replay-prices.json"
          className="rounded border border-zinc-300 px-2 dark:border-zinc-600"
        >
          Export prices
        </a>
        {editCount > 0 && (
          <button
            type="button"
            onClick={() => actions.clear()}
            className="rounded border border-zinc-300 px-2 dark:border-zinc-600"
          >
            Forget {editCount === 1 ? 'the edit' : `all ${editCount} edits`}
          </button>
        )}
        <span className="text-zinc-600 dark:text-zinc-400">
          Your prices are kept in this browser only (nothing of a log is).
          {isUnsaved && ' This browser refused to keep them: they hold for this page only.'}
        </span>
      </div>
      {message && <p role="status">{message}</p>}
    </div>
  );
}
