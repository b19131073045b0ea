// The request header the model sees (provider, model, system prompt, tools): how it starts, how it
// changes every so many turns, and the `request/header` + `request/context` events that write it.

import type { Random } from '../lib/random.ts';
import { emit, type RequestHeaderState, type Session } from './session.ts';
import { makeTools } from './tools.ts';
import { makeText } from './vocabulary.ts';

const FIRST_MODEL = 'deepseek-v4-flash';
const OTHER_MODEL = 'deepseek-v4-pro';

function makeSystemPrompt(random: Random, model: string, cwd: string, revision: number): string {
  return (
    `You are an AI agent powered by DeepSeek Harness.\n\nYou are a coding assistant powered by the ${model} model. ` +
    `Your working directory is ${cwd}. Header revision ${revision}.\n\n` +
    makeText(random, 900)
  );
}

/** The header of the first request: revision 0, not yet written. Draws the tools, then the system prompt. */
export function createRequestHeader(random: Random, cwd: string): RequestHeaderState {
  const tools = makeTools(random, 0);
  return {
    revision: 0,
    model: FIRST_MODEL,
    contextModel: '',
    isWritten: false,
    isDirty: true,
    reason: 'initial',
    systemPrompt: makeSystemPrompt(random, FIRST_MODEL, cwd, 0),
    tools,
  };
}

/** A header change before `turn`: a new system prompt, every third change another model, every second new tools. */
export function changeRequestHeader(session: Session, turn: number): void {
  const header = session.header;
  header.revision += 1;
  if (turn % 111 === 0) header.model = header.model === FIRST_MODEL ? OTHER_MODEL : FIRST_MODEL;
  header.systemPrompt = makeSystemPrompt(session.random, header.model, session.cwd, header.revision);
  if (turn % 74 === 0) header.tools = makeTools(session.random, header.revision);
  header.isDirty = true;
  if (header.isWritten && header.reason !== 'resume') header.reason = 'change';
}

/** Writes `request/header` when the header changed since it was last written, and `request/context` when the model did. */
export function writeRequestHeaderIfChanged(session: Session): void {
  const header = session.header;
  if (!header.isDirty) return;
  emit(session, 'request/header', {
    header: {
      config: { provider: session.provider, model: header.model },
      system: header.systemPrompt,
      tools: header.tools,
    },
    reason: header.reason,
  });
  session.stats.requestHeaders += 1;
  header.isDirty = false;
  header.isWritten = true;
  header.reason = 'change';
  if (header.contextModel !== header.model) {
    emit(session, 'request/context', {
      provider: session.provider,
      model: header.model,
      contextWindow: header.model === OTHER_MODEL ? 1000000 : 128000,
    });
    header.contextModel = header.model;
  }
}
