// Lossless markdown (issue 20): rendering adds formatting to the stored text and drops nothing.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Markdown from 'react-markdown';
import { LOSSLESS_HANDLERS, remarkLossless } from './lossless-markdown.ts';

/** The text a reader sees: tags removed, entities decoded (enough for the markup React writes). */
function shownText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

function render(source: string): string {
  // SafeMarkdown's own options (its link and image components are not what this test is about).
  return renderToStaticMarkup(
    createElement(
      Markdown,
      {
        remarkPlugins: [remarkLossless],
        remarkRehypeOptions: { handlers: LOSSLESS_HANDLERS },
        skipHtml: false,
      },
      source,
    ),
  );
}

const noSpace = (text: string) => text.replace(/\s+/g, '');

const SOURCES = [
  'Boot with window.__DSH_BOOT__ and *y* then **bold** and _under_',
  'a backslash \\ and \\_escaped\\_ and \\\\ two',
  '<b>not bold</b> and <script>alert(1)</script> &amp; &copy; &#65;',
  '   three leading spaces\n\ttab-indented code\n\n\n\ntwo blank lines above',
  '# Heading #\n\nSetext\n======\n\n---\n\n> quote\n> more\n\n- item\n  - nested\n1. one\n2) two',
  '```js\nconst a = 1;\n  indented\n```\n\n~~~\nunclosed',
  '[link](http://example.com "title") <http://auto.example> ![img](http://x/y.png) [ref][r]\n\n[r]: http://r.example',
  'hard break  \nand\\\nbackslash break `` code ` here `` end',
  '* * *\n+ plus\n\n    indented code\n\n<div>\nblock html\n</div>',
  '',
  '\n\n\nleading blank lines',
];

describe('LosslessMarkdown', () => {
  it.each(SOURCES)('keeps every non-space character of %j, in order', (source) => {
    expect(noSpace(shownText(render(source)))).toBe(noSpace(source));
  });

  it('still renders formatting: emphasis, strong, code, headings, links', () => {
    const html = render('# Title\n\n*y* and __x__ and `c` and [l](https://a.example)');
    expect(html).toContain('<h1>');
    expect(html).toMatch(/<em>.*y.*<\/em>/);
    expect(html).toMatch(/<strong>.*x.*<\/strong>/);
    expect(html).toMatch(/<code>c<\/code>/);
    expect(html).toContain('href="https://a.example"');
  });

  it('shows the syntax it consumed as marks, and raw HTML as text', () => {
    const html = render('__x__ <b>b</b>');
    expect(html).toContain('<span class="md-mark" data-md-mark="">__</span>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;');
  });

  it('keeps white space inside lines and one empty line per blank line', () => {
    const html = render('a  \t b\n\n\n\nc');
    expect(shownText(html)).toContain('a  \t b');
    // Three blank lines between the paragraphs (the first line break ends paragraph "a").
    expect(html).toContain('<div class="md-lines">\n\n\n</div>');
  });
});
