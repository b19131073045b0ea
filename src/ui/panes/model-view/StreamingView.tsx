// The assistant output assembled from chunks so far, when the cursor is inside a model attempt.
import type { StreamingState } from '../../../log/index.ts';
import { useViewer } from '../../../store/use-viewer.ts';
import { ContentBlockView } from './ContentBlockView.tsx';

/** A "streaming" card: blocks so far, chunk count, finish kind once known. */
export function StreamingView({ streaming }: { streaming: StreamingState }) {
  const textMode = useViewer((state) => state.textMode);
  return (
    <article
      data-testid="streaming"
      className="rounded-md border border-dashed border-emerald-400 bg-emerald-50/40 px-3 py-2 dark:border-emerald-700 dark:bg-emerald-950/20"
    >
      <header className="mb-1 flex items-center gap-2 text-[11px]">
        <span className="font-semibold uppercase tracking-wide text-emerald-700 dark:text-emerald-300">
          {streaming.finishKind ? `assistant · finished (${streaming.finishKind})` : 'assistant · streaming'}
        </span>
        {/* Still: a replay is paused at this seq, and an endless animation would keep the page
            rendering (and, without a GPU, rasterizing and compositing) every frame while it shows. */}
        {!streaming.finishKind && <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden />}
        <span className="font-mono text-zinc-600 dark:text-zinc-400">
          turn {streaming.turn} · step {streaming.step} · {streaming.chunkCount} chunks from seq{' '}
          {streaming.firstChunkSeq}
        </span>
      </header>
      <div className="space-y-1.5 text-sm">
        {streaming.blocks.map((block, index) => (
          // Blocks are assembled in first-seen order and never reorder.
          <ContentBlockView key={index} block={block} textMode={textMode} />
        ))}
        {streaming.blocks.length === 0 && (
          <div className="text-xs italic text-zinc-600 dark:text-zinc-400">(no content yet)</div>
        )}
      </div>
    </article>
  );
}
