// The name a streamed log is shown by: the last segment of its URL's path, decoded when it can be.

/**
 * The last path segment of `url`, percent-decoded; as written when its escapes are malformed (a
 * crafted `?src=` must not throw), and the whole URL when the path names no file. The result is
 * untrusted text: shown through the cleaner like any file name.
 */
export function nameOfUrl(url: string): string {
  const segment = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  if (segment === '') return url;
  try {
    return decodeURIComponent(segment);
  } catch {
    // URIError: a bad escape; the raw segment still names the file.
    return segment;
  }
}
