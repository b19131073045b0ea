// Markdown from a log, rendered safely: no raw HTML, only http(s) links, no remote images.
import { memo, startTransition, useEffect, useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { useDeferredWork } from './deferred-work.ts';
import { previewText, revealInvisibleCharacters, sanitizeLinkUrl } from './visible-text.ts';
import { VisibleText } from './VisibleText.tsx';

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

/**
 * Renders markdown text; raw HTML stays literal text because no HTML plugin is installed. The text
 * shows at once as plain (pre-wrapped) text and is parsed as markdown as deferred work (once the cursor has
 * settled and the page is idle, in the app), so a scrub paints its cards without parsing them; a card that scrolls away or is
 * replaced first is never parsed.
 */
export const SafeMarkdown = memo(function SafeMarkdown({ text }: { text: string }) {
  const defer = useDeferredWork();
  const [isParsed, setParsed] = useState(false);
  const isTooLong = text.length > MARKDOWN_MAX_CHARS;
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
  const source = revealInvisibleCharacters(previewText(text).text);
  return (
    <div className="markdown-body break-words">
      <Markdown components={COMPONENTS} urlTransform={keepUrlAsText} skipHtml={false}>
        {source}
      </Markdown>
    </div>
  );
});
