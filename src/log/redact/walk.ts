// Every string of a parsed line, with the key it sits under, rewritten in place where the visitor
// says so. The structural strings the log's meaning rests on (the event type, ids that pair calls
// and results or link sessions, the surface operation) are never visited: masking them would change
// the verdict, the pairings or the lineage, which a redacted log must keep (issue 24). Their values
// are handed to `onStructural` instead, so the redactor can keep ids from being masked elsewhere.

/** Keys whose string values are structure, not content. */
const STRUCTURAL_KEYS: ReadonlySet<string> = new Set([
  'type',
  'id',
  'toolCallId',
  'callId',
  'tool_call_id',
  'parentSession',
  'sessionId',
  'senderSessionId',
  'childId',
  'attachmentId',
  'surfaceOp',
  'role',
  'origin',
  'version',
  'mediaType',
  'blockType',
]);

/** Visits a string; returns the string to keep (the same one when nothing changes). */
export type StringVisitor = (text: string, key: string, path: readonly (string | number)[]) => string;

/** Formats a path as `data.content[0].text` (for the review pane). */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out;
}

/**
 * Walks `value` (a parsed JSON value) and replaces each non-structural string by what `visit`
 * returns. Returns true when anything changed. `skip(path)` may exclude a string or a subtree
 * (stream pieces, which the stream pass rewrites).
 */
export function mapStrings(
  value: unknown,
  visit: StringVisitor,
  onStructural: (text: string) => void,
  skip: ((path: readonly (string | number)[]) => boolean) | null = null,
): boolean {
  const path: (string | number)[] = [];
  let changed = false;
  const walk = (node: unknown, key: string): unknown => {
    if (typeof node === 'string') {
      if (skip !== null && skip(path)) return node;
      if (STRUCTURAL_KEYS.has(key)) {
        onStructural(node);
        return node;
      }
      const next = visit(node, key, path);
      if (next !== node) changed = true;
      return next;
    }
    if (node === null || typeof node !== 'object') return node;
    if (skip !== null && skip(path)) return node;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        const next = walk(node[i], key);
        if (next !== node[i]) node[i] = next;
        path.pop();
      }
      return node;
    }
    const record = node as Record<string, unknown>;
    for (const name of Object.keys(record)) {
      path.push(name);
      const next = walk(record[name], name);
      if (next !== record[name]) record[name] = next;
      path.pop();
    }
    return node;
  };
  walk(value, '');
  return changed;
}
