// The placeholders of the normalized snapshots and the values they become: ids as deterministic
// UUIDs, {{cwd}} as an absolute path, {{system}}/{{tools}} from the scenario pins.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isObject, type Json, type JsonObject } from './stored-log.ts';

/** A UUID (version-4 layout) derived from the parts' hash. */
function uuidFrom(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The scenario pins: the assembled system prompt and the tool definitions. */
export interface Pins {
  system: string;
  tools: JsonObject[];
}

/** Reads the pins of the default sdk composition from `genDir` (fixtures/generations). */
export function loadPins(genDir: string): Pins {
  const pinDir = join(genDir, 'upstream', 'v4', 'sdk', 'text-turn');
  // The pin file ends with one LF that formatting adds; the prompt itself does not end with it.
  const system = readFileSync(join(pinDir, 'system-prompt.expected.md'), 'utf8').replace(/\n$/, '');
  const schemas = JSON.parse(readFileSync(join(pinDir, 'tool-schemas.expected.json'), 'utf8')) as {
    initial: JsonObject[];
  };
  return { system, tools: schemas.initial };
}

/** Placeholders of one scenario family (parent and children share ids). */
export function makeReplacer(scenario: string, cwd: string): (text: string) => string {
  return (text) =>
    text.replace(/\{\{([A-Za-z]+)(?::([^{}]+))?\}\}/g, (whole, name: string, arg: string | undefined) => {
      if (name === 'cwd') return cwd;
      if (name === 'system' || name === 'tools') return whole; // structural, handled per event
      if (name === 'time') return '2026-09-20T12:00:00.000Z';
      return uuidFrom('dsh-replay-fixture', scenario, name, arg ?? '0');
    });
}

function toolDefinitions(value: Json, pins: Pins): Json {
  const byName = new Map(pins.tools.map((tool) => [tool['name'] as string, tool]));
  const definition = (name: string): JsonObject =>
    byName.get(name) ?? { name, description: '', parameters: {} };
  if (value === '{{tools}}') return pins.tools;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.map((name) => definition(name));
  return value;
}

/** Replace the structural placeholders of one event's data. */
export function fillStructural(type: string, data: JsonObject, pins: Pins): JsonObject {
  if (type === 'request/header' && isObject(data['header'])) {
    const header: JsonObject = { ...data['header'] };
    if (header['system'] === '{{system}}') header['system'] = pins.system;
    if (header['tools'] !== undefined) header['tools'] = toolDefinitions(header['tools'], pins);
    return { ...data, header };
  }
  if (type === 'system/message' && isObject(data['message'])) {
    const message = data['message'];
    const stored = message['content'];
    if (stored === undefined) return data;
    const content: Json = Array.isArray(stored)
      ? stored.map((block) =>
          isObject(block) && block['text'] === '{{system}}' ? { ...block, text: pins.system } : block,
        )
      : stored;
    return { ...data, message: { ...message, content } };
  }
  return data;
}
