// The scripts' command-line options: `--name value` pairs, repeated options, `--flag` switches and
// the positional arguments left over. Every script (but the plain-Node .mjs oracle, which runs
// without tsx) reads its argv through these.

/** The value after `--name` in `argv`, or undefined when the option is absent. */
export function readOption(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
}

/** Every value given after `--name`, in order (an option that may be repeated). */
export function readOptions(argv: readonly string[], name: string): string[] {
  return argv.flatMap((arg, i) => (arg === name && i + 1 < argv.length ? [argv[i + 1] as string] : []));
}

/** True when the switch `--name` is present. */
export function hasFlag(argv: readonly string[], name: string): boolean {
  return argv.includes(name);
}

/**
 * The arguments that are neither an option nor the value of one of `valued` (the options that
 * take a value).
 */
export function positionalArgs(argv: readonly string[], valued: readonly string[]): string[] {
  return argv.filter((arg, i) => !arg.startsWith('--') && !valued.includes(argv[i - 1] ?? ''));
}
