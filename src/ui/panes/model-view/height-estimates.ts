// Heights of the model view's cards before they are laid out, estimated from their bodies' text: the
// conversation window (conversation-window.ts) chooses what to render from them, so a cursor move
// renders the newest cards in one commit and lays them out in one frame, with no measuring, no scroll
// write and no second render on the scrub path. Once a card is rendered its measured height is used.
import type { ContentBlock, ModelMessageDetail } from '../../../log/index.ts';
import { TEXT_PREVIEW_CHARS } from '../../shared/visible-text.ts';

/**
 * A model view arrives with the bodies of this many of its newest messages (the app passes it to the
 * store), so a cursor move at the bottom of the conversation lands without placeholder cards.
 */
export const MAX_TAIL_ITEMS = 12;
/** A card whose body has not arrived (px). */
export const UNKNOWN_MESSAGE_PX = 120;

/** Card padding, border, header and gaps (px), measured on the built app's cards. */
const CARD_CHROME_PX = 52;
const BLOCK_GAP_PX = 6;
/** Line heights (px) and average glyph widths (px) of text-sm prose and text-xs mono. */
const PROSE_LINE_PX = 20;
const PROSE_CHAR_PX = 7.2;
const MONO_LINE_PX = 16;
const MONO_CHAR_PX = 7.3;
/** A collapsed reasoning block, a tool call's header, a JSON tree row (px). */
const COLLAPSED_BLOCK_PX = 24;
const TOOL_HEADER_PX = 26;
const JSON_ROW_PX = 18;
/** A tool-call card's row of call links, and a tool result's status strip (px); approval boxes,
 * shown only once asked at the cursor, are left out so the estimate never runs tall. */
const CALL_LINKS_ROW_PX = 20;
const RESULT_STRIP_PX = 22;
/** Horizontal padding inside a card and around it (px). */
const CARD_INSET_PX = 44;

/** Lines `text` wraps to at `charsPerLine` (its first `maxChars` characters, as shown before "show all"). */
export function estimateWrappedLines(
  text: string,
  charsPerLine: number,
  maxChars = TEXT_PREVIEW_CHARS,
): number {
  const shown = text.length > maxChars ? text.slice(0, maxChars) : text;
  const perLine = Math.max(1, Math.floor(charsPerLine));
  let lines = 0;
  let start = 0;
  while (start <= shown.length) {
    const end = shown.indexOf('\n', start);
    const length = (end === -1 ? shown.length : end) - start;
    lines += Math.max(1, Math.ceil(length / perLine));
    if (end === -1) break;
    start = end + 1;
  }
  return lines;
}

function blockHeightPx(block: ContentBlock, widthPx: number, isProse: boolean): number {
  const record = block as Record<string, unknown>;
  const text = (key: string): string => (typeof record[key] === 'string' ? record[key] : '');
  switch (block.type) {
    case 'text':
      return isProse
        ? estimateWrappedLines(text('text'), widthPx / PROSE_CHAR_PX) * PROSE_LINE_PX
        : estimateWrappedLines(text('text'), widthPx / MONO_CHAR_PX) * MONO_LINE_PX;
    case 'reasoning':
      return COLLAPSED_BLOCK_PX;
    case 'tool-call': {
      // A JSON tree shows about one row per top-level key; unparsable arguments show as text.
      const args = text('arguments');
      const keys = (args.match(/"[^"\\]*"\s*:/g) ?? []).length;
      return TOOL_HEADER_PX + Math.max(1, Math.min(keys, 40)) * JSON_ROW_PX;
    }
    case 'tool-result': {
      const inner = Array.isArray(record.content) ? (record.content as ContentBlock[]) : [];
      return 20 + inner.reduce((sum, child) => sum + blockHeightPx(child, widthPx - 16, false), 0);
    }
    default:
      return COLLAPSED_BLOCK_PX;
  }
}

/** A card's height at a pane `paneWidthPx` wide, estimated from its blocks (prose: text-sm markdown; else mono). */
export function estimateCardHeightPx(
  blocks: readonly ContentBlock[],
  isProse: boolean,
  paneWidthPx: number,
): number {
  const widthPx = Math.max(120, paneWidthPx - CARD_INSET_PX);
  let total = CARD_CHROME_PX;
  for (const block of blocks) total += blockHeightPx(block, widthPx, isProse) + BLOCK_GAP_PX;
  return total;
}

/** A message card's height at a pane `paneWidthPx` wide, estimated from its body (null: not loaded). */
export function estimateMessageHeightPx(
  detail: ModelMessageDetail | null | undefined,
  paneWidthPx: number,
): number {
  if (!detail) return UNKNOWN_MESSAGE_PX;
  const content = Array.isArray(detail.message.content) ? detail.message.content : [];
  const callRowsPx =
    detail.type === 'tool/result'
      ? detail.toolCalls.length > 0
        ? RESULT_STRIP_PX
        : 0
      : detail.toolCalls.length * CALL_LINKS_ROW_PX;
  return estimateCardHeightPx(content, detail.type !== 'tool/result', paneWidthPx) + callRowsPx;
}
