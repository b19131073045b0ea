// Opens what a load reads: a dropped File's stream, or a URL's response body (the app's only
// network request, for the `?src=` URL the user gave), with the size when it is known.
import { LoadError } from './load-failure.ts';
import type { LoadSource } from './protocol.ts';

/** A source ready to read: its byte stream and its size (null when unknown). */
export interface OpenedSource {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  totalBytes: number | null;
}

/**
 * Opens `source`. A download that fails, or that `refusalOf` refuses (source-guard.ts: an origin the
 * page did not allow), rejects with a LoadError ('read-error') saying what to try; `signal` aborts
 * one that has not answered (the rejection is then the abort's).
 */
export async function readSource(
  source: LoadSource,
  refusalOf: (url: string) => string | null = () => null,
  signal?: AbortSignal,
): Promise<OpenedSource> {
  if (source.kind === 'file') {
    return { reader: source.file.stream().getReader(), totalBytes: source.file.size };
  }
  if (source.kind === 'follow-handle' || source.kind === 'follow-url') {
    // A followed source is read by follow-load.ts, never as one stream.
    throw new LoadError({ kind: 'internal', message: 'A followed log is not read as a stream.' });
  }
  if (source.kind === 'workspace-session') {
    // The router opens these from its workspace (workspace-loop.ts openWorkspaceSession).
    throw new LoadError({ kind: 'internal', message: 'No workspace is open in the log worker.' });
  }
  const refusal = refusalOf(source.url);
  if (refusal !== null) throw new LoadError({ kind: 'read-error', message: refusal });
  let response: Response;
  try {
    response = await fetch(source.url, { credentials: 'omit', referrerPolicy: 'no-referrer', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    // The page's policy (url/connect-policy.ts) refuses a redirect to an origin it does not name
    // before any request reaches that origin, and says only "failed": asking again without
    // following redirects tells it apart from a network failure (a browser does not say where to).
    if (await isRedirect(source.url, signal)) {
      throw new LoadError({
        kind: 'read-error',
        message:
          `${source.url} redirected to another origin, which this page does not contact; dsh-replay reads a ` +
          '?src= log only from the origin the link names. Open the final URL itself if you trust it.',
      });
    }
    throw new LoadError({
      kind: 'read-error',
      message:
        `Could not download ${source.url} (${error instanceof Error ? error.message : 'network error'}). ` +
        'The server may not allow cross-origin requests; download the file and drop it here instead.',
    });
  }
  // The README promises one origin: a redirect to another origin is refused, never read.
  const answeredOrigin = originOf(response.url);
  if (response.redirected && answeredOrigin !== null && answeredOrigin !== originOf(source.url)) {
    void response.body?.cancel();
    throw new LoadError({
      kind: 'read-error',
      message:
        `${source.url} redirected to another origin (${answeredOrigin}); dsh-replay reads a ?src= log only ` +
        'from the origin the link names. Open the final URL itself if you trust it.',
    });
  }
  if (!response.ok || !response.body) {
    throw new LoadError({
      kind: 'read-error',
      message: `The server answered ${response.status} ${response.statusText} for ${source.url}. Check the URL.`,
    });
  }
  const lengthHeader = response.headers.get('content-length');
  const encoded = response.headers.get('content-encoding');
  // With a content-encoding the body is decoded on the fly and Content-Length counts the wire bytes.
  const totalBytes = lengthHeader && !encoded ? Number(lengthHeader) : null;
  return { reader: response.body.getReader(), totalBytes: Number.isFinite(totalBytes) ? totalBytes : null };
}

/** Whether `url` answers with a redirect (not followed: its target is never asked). */
async function isRedirect(url: string, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    const probe = await fetch(url, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'manual',
      signal,
    });
    void probe.body?.cancel();
    return probe.type === 'opaqueredirect';
  } catch {
    return false;
  }
}

/** The origin of `url`, or null when it is not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
