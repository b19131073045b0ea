// The words and numbers of the request card (RequestCard.tsx), as pure functions of the worker's
// answers: config chips, the "changed since" line, the system prompt's preview, the composition bar.

import type { RequestComposition, RequestConfig, RequestHeaderChanges } from '../../../log/index.ts';
import { formatCount } from '../../shared/format.ts';

/** Characters of the collapsed system prompt's preview (its first non-empty line, cut). */
export const SYSTEM_PREVIEW_CHARS = 160;

/**
 * How far the logged input may be from the chars/4 estimate of the same request before the card
 * says so: a factor of 5 either way (real tokenizers differ from chars/4 by well under 2×, so a
 * larger gap means the usage numbers are synthetic or count something else).
 */
const ESTIMATE_DISAGREEMENT_FACTOR = 5;

/** Sampling fields of a header as short labels; a field the adapter filled in says so. */
export function describeConfig(config: RequestConfig, adapterDefaults: readonly string[]): string[] {
  const byAdapter = (field: string) => (adapterDefaults.includes(field) ? ' (adapter default)' : '');
  const labels: string[] = [];
  if (config.reasoningEffort !== null)
    labels.push(`effort ${config.reasoningEffort}${byAdapter('reasoningEffort')}`);
  if (config.temperature !== null)
    labels.push(`temperature ${config.temperature}${byAdapter('temperature')}`);
  if (config.maxTokens !== null)
    labels.push(`max tokens ${formatCount(config.maxTokens)}${byAdapter('maxTokens')}`);
  if (config.stop !== null && config.stop.length > 0)
    labels.push(`${config.stop.length} stop sequence${config.stop.length === 1 ? '' : 's'}`);
  return labels;
}

/** Tool names listed in the "changed since" line before "… N more". */
const CHANGED_NAMES_MAX = 6;

function listNames(names: readonly string[]): string {
  const shown = names.slice(0, CHANGED_NAMES_MAX).join(', ');
  return names.length > CHANGED_NAMES_MAX ? `${shown}, … ${names.length - CHANGED_NAMES_MAX} more` : shown;
}

function countLabel(sign: string, names: readonly string[], what: string): string {
  return `${sign}${names.length} ${what}${names.length === 1 ? '' : 's'} (${listNames(names)})`;
}

const CONFIG_LABELS: Record<keyof RequestConfig, string> = {
  provider: 'provider',
  model: 'model',
  reasoningEffort: 'reasoning effort',
  temperature: 'temperature',
  maxTokens: 'max tokens',
  stop: 'stop sequences',
};

/**
 * What changed since the previous header, e.g. "system prompt · +2 tools (grep, glob) · −1 tool
 * (edit) · 1 tool changed (bash) · model", or null when nothing the card shows changed.
 */
export function describeHeaderChanges(changes: RequestHeaderChanges | null): string | null {
  if (changes === null) return null;
  const parts: string[] = [];
  if (changes.isSystemChanged) parts.push('system prompt');
  if (changes.addedTools.length > 0) parts.push(countLabel('+', changes.addedTools, 'tool'));
  if (changes.removedTools.length > 0) parts.push(countLabel('−', changes.removedTools, 'tool'));
  if (changes.changedTools.length > 0)
    parts.push(
      `${changes.changedTools.length} tool${changes.changedTools.length === 1 ? '' : 's'} changed (${listNames(changes.changedTools)})`,
    );
  for (const field of changes.changedConfig) parts.push(CONFIG_LABELS[field]);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The first non-empty line of `text`, cut to `maxChars` with an ellipsis; whether anything was left out. */
export function previewFirstLine(
  text: string,
  maxChars: number = SYSTEM_PREVIEW_CHARS,
): { text: string; isCut: boolean } {
  const trimmed = text.trim();
  const newline = trimmed.indexOf('\n');
  const line = newline < 0 ? trimmed : trimmed.slice(0, newline).trimEnd();
  if (line.length <= maxChars) return { text: line, isCut: line.length < trimmed.length };
  return { text: `${line.slice(0, maxChars - 1)}…`, isCut: true };
}

/** One part of the composition bar. */
export interface CompositionSegment {
  part: 'system' | 'tools' | 'messages';
  label: string;
  tokens: number;
  /** Width of the segment, 0–1: of the context window when known, else of the total. */
  share: number;
}

/** The composition bar: its segments and the sentences beside it. */
export interface CompositionDisplay {
  segments: CompositionSegment[];
  /** e.g. "≈ 80,756 of 1,000,000 tokens (8.1 %)" or "450 tokens" (a logged total has no ≈). */
  totalLabel: string;
  /** Where the numbers come from, in words that say "logged" or "estimated". */
  sourceLabel: string;
  /** Set when the logged input and the chars/4 estimate of the same request disagree by more than 5×. */
  warning: string | null;
  /** The total is over the context window. */
  isOverWindow: boolean;
}

function percent(share: number): string {
  const value = share * 100;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} %`;
}

/** The bar and its sentences for a composition. */
export function describeComposition(composition: RequestComposition): CompositionDisplay {
  const { total, contextWindow, logged } = composition;
  const base = contextWindow ?? Math.max(total.tokens, 1);
  const segment = (part: CompositionSegment['part'], label: string, tokens: number): CompositionSegment => ({
    part,
    label,
    tokens,
    share: Math.min(1, tokens / base),
  });
  const segments = [
    segment('system', 'system prompt', composition.system.tokens),
    segment('tools', 'tools', composition.tools.tokens),
    segment('messages', 'messages', composition.messages.tokens),
  ];
  const approximately = total.source === 'logged' ? '' : '≈ ';
  const totalLabel =
    contextWindow !== null
      ? `${approximately}${formatCount(total.tokens)} of ${formatCount(contextWindow)} tokens (${percent(total.tokens / contextWindow)})`
      : `${approximately}${formatCount(total.tokens)} tokens (context window not logged)`;
  let sourceLabel: string;
  if (logged === null) sourceLabel = 'estimated: characters / 4 (no usage logged at or before this seq)';
  else if (logged.isCurrent)
    sourceLabel = `total logged (usage at seq ${logged.usageSeq}); split estimated by characters / 4`;
  else
    sourceLabel = `estimated: logged input ${formatCount(logged.inputTokens)} at seq ${logged.usageSeq} plus what came after it; split by characters / 4${logged.scale === null ? '' : ', scaled to the logged input'}`;
  let warning: string | null = null;
  if (logged !== null && logged.estimatedTokens > 0 && logged.inputTokens > 0) {
    const ratio = logged.inputTokens / logged.estimatedTokens;
    if (ratio > ESTIMATE_DISAGREEMENT_FACTOR || ratio < 1 / ESTIMATE_DISAGREEMENT_FACTOR)
      warning = `The logged input (${formatCount(logged.inputTokens)}) is far from the characters / 4 estimate of that request (${formatCount(logged.estimatedTokens)}).`;
  }
  return {
    segments,
    totalLabel,
    sourceLabel,
    warning,
    isOverWindow: contextWindow !== null && total.tokens > contextWindow,
  };
}
