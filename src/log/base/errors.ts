// The two error helpers every layer (and the worker, the CLI and the UI) uses: one definition each.

/**
 * Marks a switch as exhaustive: TypeScript rejects the call when a case is missing, and a value
 * that arrives anyway at run time (a message from an older or newer build) throws with its JSON.
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unknown ${what}: ${JSON.stringify(value)}`);
}

/**
 * A thrown value as one line of text for a problem or a notice: an Error's message (with its name
 * when `withName`, for errors whose class says what failed; its `code` alone when `preferCode` and
 * it has one, as Node's file errors do: `ENOENT`), anything else as a string.
 */
export function describeError(
  error: unknown,
  options: { withName?: boolean; preferCode?: boolean } = {},
): string {
  if (!(error instanceof Error)) return String(error);
  if (options.preferCode === true && 'code' in error) return String(error.code);
  return options.withName === true ? `${error.name}: ${error.message}` : error.message;
}
