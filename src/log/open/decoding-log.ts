// What a decoder's onEvent listener is handed (DecoderOptions.onEvent): each event of the valid
// prefix as the decoder accepts it, in seq order, once the store and the index hold it, with the
// log being decoded. For a pass that decodes a log once and would otherwise read its events back
// from the store (the summary pass's migration audit, DecodeTimeMigrationAudit).

import type { StoredEvent } from '../event.ts';
import type { LogStore } from '../storage/log-store.ts';
import type { LogIndexBuilder } from '../structure/log-index.ts';
import type { LineScanner } from './line-scan.ts';
import type { OpenedLog } from './opened-log.ts';

/** The log being decoded: its store and index so far, its header and format facts. */
export type DecodingLog = Pick<OpenedLog, 'store' | 'index' | 'header' | 'format'>;

/**
 * `event`: the checked event, upgraded and normalized as the store's readEvent gives it but without
 * readEvent's depth bound (the index holds it too: do not keep or mutate it); null for a member of
 * a packed chunk row, which is never parsed.
 */
export type DecodedEventListener = (seq: number, event: StoredEvent | null, log: DecodingLog) => void;

/** The line scanner's onEvent that hands each event to `listener` with the log being decoded. */
export function forwardEvents(
  listener: DecodedEventListener,
  store: LogStore,
  builder: LogIndexBuilder,
  lines: LineScanner,
): (seq: number, event: StoredEvent | null) => void {
  const decoding: DecodingLog = {
    store,
    get index() {
      return builder.index;
    },
    get header() {
      return lines.header;
    },
    get format() {
      return lines.format;
    },
  };
  return (seq, event) => listener(seq, event, decoding);
}
