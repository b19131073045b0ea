// An `image` content block (FORMAT.md §5.1): the log holds only a reference by attachment id; the
// bytes are in `media/` of an export ZIP or of the opened folder (§1.1, §8.3), possibly absent. The
// worker reads and checks them (src/log/workspace/media.ts: an allowed raster type by its own bytes,
// at most MEDIA_BYTES_MAX); they are shown through an object URL of a Blob typed from that allow-list,
// revoked when the card unmounts. Otherwise a placeholder says the id and why the image is not shown.
import { useEffect, useState } from 'react';
import type { MediaAnswer } from '../../../worker/client.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { formatBytes } from '../../shared/format.ts';
import { useWorkerQuery } from '../../shared/use-worker-query.ts';
import { revealInvisibleCharacters } from '../../shared/visible-text.ts';
import { displaySize, readAttachmentFacts } from './attachment-display.ts';

/** Why the image is not shown, in words. */
function reasonText(answer: Extract<MediaAnswer, { ok: false }>): string {
  switch (answer.reason) {
    case 'no-workspace':
      return 'not in this log: the log keeps only the id; open the folder or export ZIP it came with to see it';
    case 'missing':
      return 'file missing: no media/ file of this folder or ZIP has this id';
    case 'too-large':
      return `too large to show (${formatBytes(answer.bytes)})`;
    case 'not-an-image':
      return 'not shown: its bytes are not a PNG, JPEG, GIF or WebP image';
    case 'unreadable':
      return `the file could not be read (${answer.message})`;
  }
}

const PLACEHOLDER =
  'inline-block max-w-full rounded border border-dashed border-zinc-400 px-2 py-1 text-xs text-zinc-700 dark:border-zinc-500 dark:text-zinc-300';

export function AttachmentImage({ attachment }: { attachment: unknown }) {
  const facts = readAttachmentFacts(attachment);
  const client = useViewer((state) => state.client);
  /** The open workspace, once listed (its media are known from then on), by name; null: none. */
  const workspaceName = useViewer((state) =>
    state.workspace !== null && state.workspace.snapshot !== null ? state.workspace.name : null,
  );
  const { attachmentId } = facts;
  const answer = useWorkerQuery(
    () =>
      attachmentId === null || workspaceName === null ? null : client.query({ kind: 'media', attachmentId }),
    [client, attachmentId, workspaceName],
  );
  const [url, setUrl] = useState<string | null>(null);
  const shown = answer.status === 'ready' && answer.value.ok ? answer.value : null;
  useEffect(() => {
    if (shown === null) return;
    // The type is the allow-listed one the worker read from the bytes, never the log's claim.
    const objectUrl = URL.createObjectURL(new Blob([shown.bytes], { type: shown.mimeType }));
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [shown]);

  const label = revealInvisibleCharacters(facts.name ?? 'image');
  const id = revealInvisibleCharacters(attachmentId ?? '(no attachment id)');
  const unavailable: Extract<MediaAnswer, { ok: false }> | null =
    attachmentId === null
      ? null
      : workspaceName === null
        ? { ok: false, path: null, reason: 'no-workspace' }
        : answer.status === 'ready' && !answer.value.ok
          ? answer.value
          : null;

  if (shown !== null && url !== null) {
    const size = displaySize(facts.width, facts.height);
    return (
      <figure
        data-testid="attachment-image"
        data-attachment-id={attachmentId ?? undefined}
        data-mime-type={shown.mimeType}
        className="inline-block max-w-full rounded border border-zinc-200 p-1 dark:border-zinc-700"
      >
        <img
          src={url}
          alt={`${label} (attachment ${id})`}
          width={size?.width}
          height={size?.height}
          className="block max-h-60 max-w-full object-contain [image-rendering:pixelated]"
          style={size === null ? undefined : { aspectRatio: `${size.width} / ${size.height}` }}
        />
        <figcaption className="mt-0.5 max-w-80 break-all font-mono text-[10px] text-zinc-600 dark:text-zinc-400">
          {label} · {shown.mimeType}
          {facts.width !== null && facts.height !== null && ` · ${facts.width}×${facts.height}`}
          {shown.hashMatches === false && (
            <span
              data-testid="attachment-hash-mismatch"
              className="ml-1 font-sans font-semibold text-amber-800 dark:text-amber-300"
            >
              its bytes do not hash to this id
            </span>
          )}
        </figcaption>
      </figure>
    );
  }
  return (
    <div
      data-testid="attachment-placeholder"
      data-attachment-id={attachmentId ?? undefined}
      data-reason={unavailable?.reason ?? (answer.status === 'failed' ? 'failed' : 'loading')}
      className={PLACEHOLDER}
    >
      🖼 {label}
      {facts.mediaType !== null && <> · {revealInvisibleCharacters(facts.mediaType)}</>}
      {facts.width !== null && facts.height !== null && (
        <>
          {' '}
          · {facts.width}×{facts.height}
        </>
      )}
      <div className="break-all font-mono text-[10px]">{id}</div>
      <div>
        {unavailable !== null
          ? reasonText(unavailable)
          : answer.status === 'failed'
            ? `the image could not be read (${answer.message})`
            : attachmentId === null
              ? 'the block names no attachment'
              : 'reading the image…'}
      </div>
    </div>
  );
}
