// The secrets in one string: every rule's matches, non-overlapping (the earliest, then the longest
// wins), as ranges with their rule. Used on every string of every event, on streamed pieces joined,
// and again on the lines that are rewritten.

import { PROVIDER_RULES, STRUCTURE_RULES, type SecretRule } from './rules.ts';
import { findHighEntropyTokens, findKeywordAssignments } from './heuristics.ts';

/** One secret found in a string: [start, end) and the rule's id. */
export interface SecretHit {
  start: number;
  end: number;
  rule: string;
}

/** What to look for besides the built-in rules (RedactOptions in redact-log.ts). */
export interface DetectorOptions {
  /** The user's regular expressions (source text; the whole match is the secret, or group 1 if any). */
  patterns?: readonly string[];
  /** The user's literal strings: every occurrence is a secret. */
  literals?: readonly string[];
  /** Rule ids not to run (`high-entropy`, `keyword`, a provider rule …). */
  disabledRules?: readonly string[];
}

export interface Detector {
  find(text: string): SecretHit[];
  /** The rule ids this detector runs, for the review pane and the manifest. */
  readonly ruleIds: readonly string[];
}

const ESCAPES = /[.*+?^${}()|[\]\\]/g;

/** A global regular expression matching any of `literals` (longest first), or null for none. */
export function literalPattern(literals: Iterable<string>): RegExp | null {
  const sorted = [...new Set(literals)].filter((l) => l.length > 0).sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return null;
  return new RegExp(sorted.map((l) => l.replace(ESCAPES, '\\$&')).join('|'), 'g');
}

function compileUserPattern(source: string, index: number): SecretRule | null {
  try {
    const pattern = new RegExp(source, 'gu');
    if (pattern.test('')) return null; // a pattern matching the empty string would mask nothing forever
    return {
      id: `user-pattern-${index + 1}`,
      family: 'keyword',
      pattern,
      group: /\((?!\?)/.test(source) ? 1 : undefined,
      keywords: [],
      source: 'the user',
    };
  } catch {
    return null;
  }
}

function runRule(rule: SecretRule, text: string, into: SecretHit[]): void {
  if (rule.keywords.length > 0 && !rule.keywords.some((keyword) => text.includes(keyword))) return;
  const pattern = rule.pattern;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex += 1;
      continue;
    }
    let start = match.index;
    let secret = match[0];
    if (rule.group !== undefined) {
      const part = match[rule.group];
      if (part === undefined || part.length === 0) continue;
      start = match.index + match[0].lastIndexOf(part);
      secret = part;
    }
    if (rule.accept && !rule.accept(secret)) continue;
    into.push({ start, end: start + secret.length, rule: rule.id });
  }
}

/** Keeps hits that do not overlap an earlier one (sorted by start, longer first). */
export function resolveOverlaps(hits: SecretHit[]): SecretHit[] {
  if (hits.length < 2) return hits;
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: SecretHit[] = [];
  let end = -1;
  for (const hit of hits) {
    if (hit.start < end) continue;
    kept.push(hit);
    end = hit.end;
  }
  return kept;
}

/**
 * A detector over the built-in rules (provider keys first, then structure, keyword and entropy) and
 * the user's patterns and literals. Rules are run in that order and overlaps resolved by position,
 * so a provider key inside a `.env` line is masked once.
 */
export function createDetector(options: DetectorOptions = {}): Detector {
  const disabled = new Set(options.disabledRules ?? []);
  const rules = [...PROVIDER_RULES, ...STRUCTURE_RULES].filter((rule) => !disabled.has(rule.id));
  const userRules = (options.patterns ?? [])
    .map(compileUserPattern)
    .filter((rule): rule is SecretRule => rule !== null);
  const literals = literalPattern(options.literals ?? []);
  const useKeyword = !disabled.has('keyword');
  const useEntropy = !disabled.has('high-entropy');
  const ruleIds = [
    ...rules.map((rule) => rule.id),
    ...(useKeyword ? ['keyword'] : []),
    ...(useEntropy ? ['high-entropy'] : []),
    ...userRules.map((rule) => rule.id),
    ...(literals ? ['user-literal'] : []),
  ];
  return {
    ruleIds,
    find(text) {
      if (text.length < 6) return [];
      const hits: SecretHit[] = [];
      if (literals) {
        literals.lastIndex = 0;
        for (let m = literals.exec(text); m !== null; m = literals.exec(text))
          hits.push({ start: m.index, end: m.index + m[0].length, rule: 'user-literal' });
      }
      for (const rule of userRules) runRule(rule, text, hits);
      for (const rule of rules) runRule(rule, text, hits);
      if (useKeyword)
        for (const [start, end] of findKeywordAssignments(text)) hits.push({ start, end, rule: 'keyword' });
      if (useEntropy)
        for (const [start, end] of findHighEntropyTokens(text))
          hits.push({ start, end, rule: 'high-entropy' });
      return resolveOverlaps(hits);
    },
  };
}
