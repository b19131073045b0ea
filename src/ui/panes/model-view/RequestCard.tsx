// The request the model saw at the cursor (FORMAT.md §5.2 request/header and request/context, §6.6):
// route and sampling, the header's seq and reason, what changed since the previous header, the
// system prompt, the tools, and the context composition. The message prefix is the conversation
// the model view shows below this card.
import { memo } from 'react';
import type { ModelMessageDetail, RequestContext, RequestHeaderDetail } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { useHeldAnswer } from '../../shared/use-held-answer.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { RequestCompositionBar } from './RequestCompositionBar.tsx';
import { RequestSystemPrompt } from './RequestSystemPrompt.tsx';
import { RequestToolList } from './RequestToolList.tsx';
import { describeConfig, describeHeaderChanges } from './request-card-text.ts';

/** Props of the request card. */
export interface RequestCardProps {
  /** The seq the card describes (the store's cursorSeq); null renders nothing (no log). */
  cursorSeq: number | null;
  /** What a seq link does (the model view passes `actions.selectEvent`). */
  onJump: (seq: number) => void;
}

function SeqButton({
  seq,
  onJump,
  children,
}: {
  seq: number;
  onJump: (seq: number) => void;
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onJump(seq)}
      className="font-mono text-sky-700 hover:underline dark:text-sky-300"
      title="Move the cursor here"
    >
      {children}
    </button>
  );
}

/** The text of the system nodes on the surface (generation 3 on): their text blocks, in surface order. */
function joinSystemText(details: readonly ModelMessageDetail[]): string {
  return details
    .flatMap((detail) =>
      detail.message.content.flatMap((block) =>
        block.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
      ),
    )
    .join('\n\n');
}

/**
 * The request card. Asks the worker for the request context at `cursorSeq` (cheap, every move) and
 * for the header body only when the header in force changes (keyed by its seq); while a new answer
 * is on its way the previous one stays, dimmed, so the card keeps its size during a scrub.
 */
export const RequestCard = memo(function RequestCard({ cursorSeq, onJump }: RequestCardProps) {
  const client = useViewer((state) => state.client);
  const logGeneration = useViewer((state) => state.logGeneration);
  const textMode = useViewer((state) => state.textMode);

  const contextAnswer = useWorkerQuery(
    () => (cursorSeq === null ? null : client.query({ kind: 'request-context', seq: cursorSeq })),
    [client, cursorSeq],
    { log: logGeneration },
  );
  const context = useHeldAnswer<RequestContext>(contextAnswer, logGeneration);
  const headerSeq = context?.value.header?.seq ?? null;
  const headerAnswer = useWorkerQuery(
    () => (headerSeq === null ? null : client.query({ kind: 'request-header', seq: headerSeq })),
    [client, headerSeq],
    { log: logGeneration },
  );
  const header = useHeldAnswer<RequestHeaderDetail | null>(headerAnswer, logGeneration);
  const systemKey = context?.value.systemNodeSeqs.join(',') ?? '';
  const systemAnswer = useWorkerQuery(
    () =>
      systemKey === '' ? null : client.query({ kind: 'messages', seqs: systemKey.split(',').map(Number) }),
    [client, systemKey],
    { log: logGeneration },
  );

  if (cursorSeq === null) return null;
  if (contextAnswer.status === 'failed')
    return (
      <article data-testid="request-card" className={CARD_CLASS}>
        <p className="text-xs text-red-700 dark:text-red-300">
          The request at seq {cursorSeq} could not be read: {contextAnswer.message}
        </p>
      </article>
    );
  if (context === null)
    return (
      <article data-testid="request-card" aria-busy className={CARD_CLASS}>
        <div className="h-16 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
      </article>
    );

  const { value } = context;
  const headerRef = value.header;
  // The body shown is the one of the header in force (a held body of another header is not).
  const detail = header !== null && header.value?.seq === headerRef?.seq ? header.value : null;
  const isStale = !context.isCurrent || (headerRef !== null && (detail === null || !header?.isCurrent));
  const systemFromSurface =
    systemAnswer.status === 'ready' ? joinSystemText(systemAnswer.value) : systemKey === '' ? '' : null;
  const systemText = detail?.system ?? (headerRef === null || detail !== null ? systemFromSurface : null);
  const systemOrigin =
    typeof detail?.system === 'string'
      ? `request/header seq ${headerRef?.seq ?? ''} (header.system)`
      : `system/message seq ${value.systemNodeSeqs.join(', ') || '—'} (on the surface)`;
  const provider = detail?.config.provider ?? value.route?.provider ?? null;
  const model = detail?.config.model ?? value.route?.model ?? null;
  const configLabels = detail ? describeConfig(detail.config, detail.adapterDefaults) : [];
  const changes = describeHeaderChanges(detail?.changes ?? null);

  return (
    <article
      data-testid="request-card"
      data-header-seq={headerRef?.seq ?? ''}
      data-at-seq={value.atSeq ?? ''}
      aria-busy={isStale}
      aria-label="The request the model saw"
      className={`${CARD_CLASS} transition-opacity ${isStale ? 'opacity-80' : ''}`}
    >
      <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs">
        <span className="text-[11px] font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-300">
          Request
        </span>
        {model !== null && (
          <span
            className="font-mono font-semibold text-zinc-800 dark:text-zinc-100"
            data-testid="request-model"
          >
            {revealInvisibleCharacters(model)}
          </span>
        )}
        {provider !== null && (
          <span className="font-mono text-zinc-700 dark:text-zinc-200">
            · {revealInvisibleCharacters(provider)}
          </span>
        )}
        {configLabels.map((label) => (
          <span
            key={label}
            className="rounded bg-zinc-100 px-1 text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
          >
            {revealInvisibleCharacters(label)}
          </span>
        ))}
        {headerRef !== null && (
          <span
            className="ml-auto text-[11px] text-zinc-600 dark:text-zinc-300"
            data-testid="request-header-ref"
          >
            <SeqButton seq={headerRef.seq} onJump={onJump}>{`header at seq ${headerRef.seq}`}</SeqButton>
            {detail?.reason
              ? ` (${revealInvisibleCharacters(detail.reason)}${detail.isSeriesStart ? ', starts a series' : ''})`
              : ''}
          </span>
        )}
      </header>

      {headerRef === null ? (
        <p className="text-xs text-zinc-700 dark:text-zinc-200" data-testid="request-no-header">
          No request header yet at this seq.
        </p>
      ) : (
        changes !== null &&
        headerRef.previousSeq !== null && (
          <p className="text-xs text-amber-900 dark:text-amber-200" data-testid="request-changes">
            Changed since{' '}
            <SeqButton
              seq={headerRef.previousSeq}
              onJump={onJump}
            >{`seq ${headerRef.previousSeq}`}</SeqButton>
            : {revealInvisibleCharacters(changes)}
          </p>
        )
      )}
      {value.systemChangeSeq !== null && (
        <p className="text-xs text-amber-900 dark:text-amber-200" data-testid="request-system-change">
          System prompt changed at{' '}
          <SeqButton seq={value.systemChangeSeq} onJump={onJump}>{`seq ${value.systemChangeSeq}`}</SeqButton>{' '}
          (a system message on the surface).
        </p>
      )}

      {(headerRef !== null || value.systemNodeSeqs.length > 0) && (
        <RequestSystemPrompt
          // A new prompt starts collapsed.
          key={`${headerRef?.seq ?? ''}:${systemKey}`}
          text={systemText}
          origin={systemOrigin}
        />
      )}
      {headerRef !== null &&
        (detail !== null ? (
          <RequestToolList
            key={detail.seq}
            tools={detail.tools}
            unreadableCount={detail.unreadableToolCount}
            textMode={textMode}
          />
        ) : (
          <div className="h-4 w-1/3 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
        ))}
      {headerAnswer.status === 'failed' && (
        <p className="text-xs text-red-700 dark:text-red-300">
          The header at seq {headerRef?.seq} could not be read: {headerAnswer.message}
        </p>
      )}
      {(headerRef !== null || value.composition.messageCount > 0) && (
        <RequestCompositionBar composition={value.composition} />
      )}
    </article>
  );
});

const CARD_CLASS =
  'space-y-1.5 rounded-md border border-zinc-200 border-l-4 border-l-violet-400 bg-white px-3 py-2 shadow-sm dark:border-zinc-700 dark:border-l-violet-500 dark:bg-zinc-900';
