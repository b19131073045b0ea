// Markdown from a log, rendered safely: no raw HTML, only http(s) links, no remote images.
import { memo, startTransition, useEffect, useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { useDeferredWork } from './deferred-work.ts';
import { previewText, revealInvisibleCharacters, sanitizeLinkUrl } from './visible-text.ts';
import { VisibleText } from './VisibleText.tsx';
import { formatCount } from './format.ts';
import { LOSSLESS_HANDLERS, remarkLossless } from './lossless-markdown.ts';

/** Markdown longer than this (characters) is shown as plain text: parsing it would stall the page. */
const MARKDOWN_MAX_CHARS = 60_000;

const COMPONENTS: Components = {
  a({ href, children }) {
    const safe = typeof href === 'string' ? sanitizeLinkUrl(href) : null;
    if (!safe)
      return (
        <span
          className="underline decoration-dotted"
          title="link not followed: only http(s) links are clickable"
        >
          {children}
        </span>
      );
    return (
      <a
        href={safe}
        target="_blank"
        rel="noreferrer noopener"
        className="text-sky-700 underline dark:text-sky-300"
      >
        {children}
      </a>
    );
  },
  // Images would make a request to wherever the log says: show what it points at instead.
  img({ src, alt }) {
    return (
      <span className="rounded bg-zinc-100 px-1 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        [image: {alt ?? ''} {typeof src === 'string' ? src.slice(0, 200) : ''}]
      </span>
    );
  },
};

function keepUrlAsText(url: string): string {
  return url;
}

const REMARK_PLUGINS = [remarkLossless];
const REMARK_REHYPE_OPTIONS = { handlers: LOSSLESS_HANDLERS };

/**
 * Markdown of `source` with every character kept (lossless-markdown.ts): no raw HTML (it is text),
 * only http(s) links, images never fetched. Synchronous.
 */
function LosslessMarkdown({ source }: { source: string }) {
  return (
    <div className="markdown-body break-words" data-markdown="rendered">
      <Markdown
        components={COMPONENTS}
        urlTransform={keepUrlAsText}
        skipHtml={false}
        remarkPlugins={REMARK_PLUGINS}
        remarkRehypeOptions={REMARK_REHYPE_OPTIONS}
      >
        {source}
      </Markdown>
    </div>
  );
}

/**
 * Renders markdown text; raw HTML stays literal text because no HTML plugin is installed. The text
 * shows at once as plain (pre-wrapped) text and is parsed as markdown as deferred work (once the cursor has
 * settled and the page is idle, in the app), so a scrub paints its cards without parsing them; a card that scrolls away or is
 * replaced first is never parsed.
 */
export const SafeMarkdown = memo(function SafeMarkdown({ text }: { text: string }) {
  const defer = useDeferredWork();
  const [isParsed, setParsed] = useState(false);
  const [isExpanded, setExpanded] = useState(false);
  const isTooLong = text.length > MARKDOWN_MAX_CHARS;
  // Before it is parsed the text shows as exact, plain text: nothing is lost while it waits.
  useEffect(() => {
    if (isTooLong) return;
    return defer(() => startTransition(() => setParsed(true)));
  }, [isTooLong, defer]);
  if (isTooLong || !isParsed) {
    return (
      <div
        className={`whitespace-pre-wrap break-words ${isTooLong ? 'font-mono text-xs' : ''}`}
        data-markdown={isTooLong ? 'too-long' : 'pending'}
      >
        <VisibleText text={text} />
      </div>
    );
  }
  const preview = previewText(text);
  const shown = isExpanded ? text : preview.text;
  return (
    <div>
      <LosslessMarkdown source={revealInvisibleCharacters(shown)} />
      {!isExpanded && preview.hiddenChars > 0 && (
        <button
          type="button"
          className="mt-1 rounded border border-zinc-300 px-1 text-xs text-sky-700 hover:bg-zinc-100 dark:border-zinc-600 dark:text-sky-300 dark:hover:bg-zinc-800"
          onClick={() => setExpanded(true)}
        >
          … show all ({formatCount(preview.hiddenChars)} more characters)
        </button>
      )}
    </div>
  );
});
