// The messages of sharing (issue 24): a scan of what an export would mask (the review pane) and the
// export itself, both run in the worker over the source's own bytes. Type-only, like protocol.ts.

import type { ExportFormat, ExportManifest, LogScan } from '../log/index.ts';

/** Where the log to export comes from: the page's File, a `?src=` URL, or a session of the open workspace. */
export type ShareSource =
  | { kind: 'file'; file: File }
  | { kind: 'url'; url: string; name: string }
  | { kind: 'workspace-session'; sessionId: string; name: string };

export type ShareRange =
  { kind: 'whole' } | { kind: 'cursor'; seq: number } | { kind: 'turns'; from: number; to: number };

export interface ShareRequest {
  source: ShareSource;
  format: ExportFormat;
  range: ShareRange;
  /** A workspace session's descendants too (ZIP and HTML). */
  withSubtree: boolean;
  markdownView: 'model-view' | 'transcript';
  /** One salt per export dialog, so the scan's hashes are the export's masks. */
  salt: string;
  literals: string[];
  patterns: string[];
  /** Short hashes of the secrets the reviewer leaves as they are. */
  skip: string[];
  /** The single-file viewer of this build (HTML exports), on the page's own origin. */
  templateUrl: string;
}

export type ShareScanAnswer = LogScan & { sessions: number };

export interface ShareExportAnswer {
  /**
   * The file, made into a Blob here in the worker: a Blob crosses to the page by reference, where
   * building one from the bytes copied them on the main thread (a 306 ms task, then 169 ms of GC, for
   * the 132 MiB HTML of the benchmark log).
   */
  /** Its type is the format's MIME type. */
  file: Blob;
  fileName: string;
  manifest: ExportManifest;
}
