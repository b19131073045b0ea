// The scripts' command-line options: `--name value` pairs and `--flag` switches.

/** The value after `--name` in `argv`, or undefined when the option is absent. */
export function readOption(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
}
