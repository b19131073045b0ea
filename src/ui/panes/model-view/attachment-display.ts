// What an image card needs of an ImageAttachmentRef (FORMAT.md §5.1), read defensively (log content
// is untrusted), and the size it is shown at.

/** The box an image is fitted into (CSS px); smaller images are scaled up to at least MIN_SIDE_PX. */
const MAX_WIDTH_PX = 320;
const MAX_HEIGHT_PX = 240;
const MIN_SIDE_PX = 48;

/** The fields of an ImageAttachmentRef this card uses; every one may be missing or mistyped. */
interface AttachmentFacts {
  attachmentId: string | null;
  name: string | null;
  mediaType: string | null;
  width: number | null;
  height: number | null;
}

export function readAttachmentFacts(attachment: unknown): AttachmentFacts {
  const record =
    attachment !== null && typeof attachment === 'object' ? (attachment as Record<string, unknown>) : {};
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : null);
  const size = (key: string) => {
    const value = record[key];
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
  };
  return {
    attachmentId: text('attachmentId'),
    name: text('name'),
    mediaType: text('mediaType'),
    width: size('width'),
    height: size('height'),
  };
}

/**
 * The size an image is shown at: its stated size fitted into the box, scaled up when tiny (a 1×1
 * pixel stays visible), or null when the log states none (then CSS bounds it).
 */
export function displaySize(
  width: number | null,
  height: number | null,
): { width: number; height: number } | null {
  if (width === null || height === null) return null;
  const down = Math.min(1, MAX_WIDTH_PX / width, MAX_HEIGHT_PX / height);
  const up = Math.max(1, MIN_SIDE_PX / Math.max(width, height));
  const factor = down < 1 ? down : up;
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}
