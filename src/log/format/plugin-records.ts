// Plugin records (generation 4, dsh 0.2.x): events of type `plugin:<name>` that a plugin appends
// outside the released vocabulary. Upstream appends them only with `ignorable: true`, and its read
// path refuses every type outside its vocabulary that is not ignorable, plugin records included
// (docs/format-generations.md, "Vocabulary of 0.2.1").

/**
 * Upstream's grammar of a plugin record type: `plugin:` then slash-separated segments of lowercase
 * letters, digits, `.`, `_` and `-`, each segment starting with a letter or a digit.
 */
const PLUGIN_RECORD_TYPE = /^plugin:[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/u;

/** Whether `type` is in the `plugin:` namespace at all (any name after the colon, or none). */
export function isPluginNamespaceType(type: string): boolean {
  return type.startsWith('plugin:');
}

/** Whether `type` follows upstream's plugin record grammar. */
export function isPluginRecordType(type: string): boolean {
  return PLUGIN_RECORD_TYPE.test(type);
}

/** What the grammar says, for problem texts and rows. */
export const PLUGIN_RECORD_GRAMMAR =
  '"plugin:" then lowercase slash-separated segments of a–z, 0–9, ".", "_", "-", each starting with a letter or digit';
