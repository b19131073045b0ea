// Markdown rendered without losing a character. A remark plugin rebuilds the parsed tree from the
// source text itself: every character the parser consumed as syntax (emphasis and heading markers,
// list bullets, backticks, fences, link brackets and URLs, backslash escapes, character references,
// raw HTML, blank lines, indentation) comes back, either as the text it was or as a faint "mark"
// beside the formatting it made. Rendered markdown is then formatting added to the stored text,
// never a paraphrase of it (issue 20: `window.__DSH_BOOT__` rendered as a bold DSH_BOOT).
//
// Contract (lossless-markdown.test.ts): the rendered text content, with white space removed, equals
// the source with white space removed; white space inside a line is kept by `white-space: pre-wrap`
// on the inline containers (styles.css, `.markdown-body`), and each blank line is an empty line.

/** The hast nodes the handlers build (structurally hast's `Text` and `Element`). */
interface HastText {
  type: 'text';
  value: string;
}
interface Element {
  type: 'element';
  tagName: string;
  properties: Record<string, string | string[]>;
  children: (HastText | Element)[];
}
/** A remark-rehype handler of one of our node types (it needs neither the state nor the parent). */
type Handler = (state: unknown, node: unknown) => HastText | Element;

/** The slice of an mdast node this plugin reads (remark's own types would pull in `@types/mdast`). */
interface SourceNode {
  type: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: SourceNode[];
  spread?: boolean | null;
  ordered?: boolean | null;
  start?: number | null;
  depth?: number;
  url?: string;
  title?: string | null;
  /** Our nodes: the text shown, and whether it is syntax (shown faint) or content. */
  value?: string;
  isMark?: boolean;
}

/** Parents whose children are inline: a gap between two children is syntax shown in place. */
const INLINE_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'link', 'delete']);
/** Parents whose children are blocks: a gap is line breaks (blank lines) and line prefixes. */
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'list', 'listItem']);

function startOf(node: SourceNode): number {
  return node.position?.start.offset ?? 0;
}
function endOf(node: SourceNode): number {
  return node.position?.end.offset ?? startOf(node);
}

function exactText(value: string, isMark: boolean): SourceNode {
  return { type: 'exactText', value, isMark };
}

/** A run of source text: marked when it holds anything but white space (syntax), else kept as is. */
function syntaxText(value: string): SourceNode {
  return exactText(value, /\S/.test(value));
}

/**
 * A block-level gap, split at its last line break: the lines before it are shown as empty lines
 * (one per line break beyond the one that ends the previous block; their other characters, such as
 * a blockquote's `>`, as marks), and the text after it is the next block's line prefix.
 */
function splitBlockGap(gap: string, isFirst: boolean): { lines: string; prefix: string } {
  const lastBreak = gap.lastIndexOf('\n');
  if (lastBreak < 0) return { lines: '', prefix: gap };
  const before = gap.slice(0, lastBreak + 1);
  // The line break that ends the previous block is the block's own; at the start there is none.
  const lines = isFirst ? before : before.slice(before.indexOf('\n') + 1);
  return { lines, prefix: gap.slice(lastBreak + 1) };
}

/** Rebuilds `node` from `source`; `prefix` is source text of the line before it (indentation, markers). */
function rebuild(node: SourceNode, source: string, prefix: string): SourceNode[] {
  const raw = source.slice(startOf(node), endOf(node));
  const lead = prefix === '' ? [] : [syntaxText(prefix)];
  if (INLINE_PARENTS.has(node.type) || BLOCK_PARENTS.has(node.type)) {
    const children = BLOCK_PARENTS.has(node.type)
      ? rebuildBlockChildren(node, source, prefix)
      : [...lead, ...rebuildInlineChildren(node, source)];
    // Loose lists keep paragraphs as blocks, so their marks and white space have a home.
    const spread = node.type === 'list' || node.type === 'listItem' ? { spread: true } : {};
    return [{ ...node, ...spread, children }];
  }
  switch (node.type) {
    case 'inlineCode': {
      const open = /^`+/.exec(raw)?.[0] ?? '';
      const close = raw.length > open.length ? (/`+$/.exec(raw)?.[0] ?? '') : '';
      return [
        ...lead,
        exactText(open, true),
        { type: 'exactCode', value: raw.slice(open.length, raw.length - close.length) },
        exactText(close, true),
      ];
    }
    case 'code':
      return [...lead.map(asBlock), ...rebuildCodeBlock(raw)];
    case 'break': {
      const lineBreak = raw.lastIndexOf('\n');
      return [...lead, exactText(raw.slice(0, lineBreak), true), exactText(raw.slice(lineBreak), false)];
    }
    case 'html':
    case 'text':
    case 'image':
    case 'imageReference':
    case 'linkReference':
      // Raw text, escapes and references as stored: HTML is text, images are never fetched.
      return [...lead, exactText(raw, false)];
    default:
      // Thematic breaks, definitions and anything else: the source line, faint.
      return [{ type: 'exactBlock', value: prefix + raw, isMark: true }];
  }
}

function asBlock(node: SourceNode): SourceNode {
  return { type: 'exactBlock', value: node.value, isMark: node.isMark };
}

function rebuildInlineChildren(node: SourceNode, source: string): SourceNode[] {
  const out: SourceNode[] = [];
  let cursor = startOf(node);
  for (const child of node.children ?? []) {
    if (startOf(child) > cursor) out.push(exactText(source.slice(cursor, startOf(child)), true));
    out.push(...rebuild(child, source, ''));
    cursor = Math.max(cursor, endOf(child));
  }
  if (endOf(node) > cursor) out.push(exactText(source.slice(cursor, endOf(node)), true));
  return out.filter((part) => part.type !== 'exactText' || part.value !== '');
}

/** Children that take a line prefix into their first line (the rest get it as a mark before them). */
function takesPrefix(node: SourceNode): boolean {
  return INLINE_PARENTS.has(node.type) || BLOCK_PARENTS.has(node.type);
}

function rebuildBlockChildren(node: SourceNode, source: string, prefix: string): SourceNode[] {
  const out: SourceNode[] = [];
  const isRoot = node.type === 'root';
  let cursor = isRoot ? 0 : startOf(node);
  let pending = prefix;
  const children = node.children ?? [];
  children.forEach((child, index) => {
    const gap = splitBlockGap(source.slice(cursor, startOf(child)), index === 0);
    if (gap.lines !== '') out.push(lineBlock(gap.lines));
    pending += gap.prefix;
    if (takesPrefix(child)) out.push(...rebuild(child, source, pending));
    else {
      if (pending !== '') out.push(lineBlock(pending));
      out.push(...rebuild(child, source, ''));
    }
    pending = '';
    cursor = Math.max(cursor, endOf(child));
  });
  const tail = source.slice(cursor, isRoot ? source.length : endOf(node));
  const breakAt = tail.indexOf('\n');
  // After the last child, the first line break ends it; with no child every character is shown.
  const shown = pending + (children.length === 0 || breakAt < 0 ? tail : tail.slice(breakAt + 1));
  if (/\S/.test(shown) || shown.includes('\n')) out.push(lineBlock(shown));
  return out;
}

/** Source lines between blocks: faint when they hold syntax, else white space kept as is. */
function lineBlock(value: string): SourceNode {
  return { type: 'exactBlock', value, isMark: /\S/.test(value) };
}

/** A fenced block: its fence lines as marks around the code as stored; an indented block as stored. */
function rebuildCodeBlock(raw: string): SourceNode[] {
  const firstBreak = raw.indexOf('\n');
  const firstLine = firstBreak < 0 ? raw : raw.slice(0, firstBreak);
  if (!/^\s*(`{3,}|~{3,})/.test(firstLine)) return [{ type: 'exactCodeBlock', value: raw }];
  const rest = firstBreak < 0 ? '' : raw.slice(firstBreak + 1);
  const lastBreak = rest.lastIndexOf('\n');
  const lastLine = rest.slice(lastBreak + 1);
  const hasClose = /^\s*(`{3,}|~{3,})\s*$/.test(lastLine);
  const body = hasClose ? rest.slice(0, Math.max(0, lastBreak)) : rest;
  return [
    { type: 'exactBlock', value: firstLine, isMark: true },
    { type: 'exactCodeBlock', value: body },
    ...(hasClose ? [{ type: 'exactBlock', value: lastLine, isMark: true }] : []),
  ];
}

/** The remark plugin: replaces the parsed tree by one rebuilt from the file's text. */
export function remarkLossless() {
  return (tree: SourceNode, file: { value: unknown }) => {
    const source = String(file.value);
    const [rebuilt] = rebuild({ ...tree, position: undefined }, source, '');
    tree.children = rebuilt?.children ?? [];
  };
}

function markElement(value: string, tagName: string): Element {
  return {
    type: 'element',
    tagName,
    properties: { className: ['md-mark'], dataMdMark: '' },
    children: [{ type: 'text', value }],
  };
}

function textOf(node: unknown): string {
  return String((node as SourceNode).value ?? '');
}

/** remark-rehype handlers for the rebuilt tree's own nodes (the text as it is: no line trimming). */
export const LOSSLESS_HANDLERS: Record<string, Handler> = {
  exactText(_state: unknown, node: unknown): HastText | Element {
    const value = textOf(node);
    if ((node as SourceNode).isMark) return markElement(value, 'span');
    const text: HastText = { type: 'text', value };
    return text;
  },
  exactCode(_state: unknown, node: unknown): Element {
    return {
      type: 'element',
      tagName: 'code',
      properties: {},
      children: [{ type: 'text', value: textOf(node) }],
    };
  },
  exactCodeBlock(_state: unknown, node: unknown): Element {
    return {
      type: 'element',
      tagName: 'pre',
      properties: {},
      children: [
        {
          type: 'element',
          tagName: 'code',
          properties: {},
          children: [{ type: 'text', value: textOf(node) }],
        },
      ],
    };
  },
  exactBlock(_state: unknown, node: unknown): Element {
    const value = textOf(node);
    if ((node as SourceNode).isMark) return markElement(value, 'div');
    // Blank lines (and a line's leading white space): pre-wrap shows one empty line per line break.
    return {
      type: 'element',
      tagName: 'div',
      properties: { className: ['md-lines'] },
      children: [{ type: 'text', value }],
    };
  },
};
