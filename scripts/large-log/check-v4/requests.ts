// The request rule: request/header without `system` (a system/message from v3 on) and with a known
// reason; request/context says whether a later system prompt goes into the history.

import type { CheckContext, CheckedEvent } from './context.ts';
import { isNonEmptyString, isObject, show } from './json.ts';

const REQUEST_REASONS = new Set(['initial', 'resume', 'change', 'series']);

/** request/header: no `system`, a known reason, a provider and model. */
export function checkRequestHeader(context: CheckContext, { data }: CheckedEvent): void {
  const { fail } = context;
  const requestHeader = isObject(data.header) ? data.header : {};
  if ('system' in requestHeader)
    fail('request', 'request/header.header.system (a system/message from v3 on)');
  if (!REQUEST_REASONS.has(show(data.reason))) fail('request', `reason ${show(data.reason)}`);
  const config = isObject(requestHeader.config) ? requestHeader.config : {};
  if (!isNonEmptyString(config.provider) || !isNonEmptyString(config.model))
    fail('request', 'config without provider/model');
}

/** request/context: remembers systemPromptUpdate "in-history" for the surface rule. */
export function checkRequestContext(context: CheckContext, { data }: CheckedEvent): void {
  context.systemInHistory = data.systemPromptUpdate === 'in-history';
}
