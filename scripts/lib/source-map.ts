// Source positions of the built app's code, for a CPU profile's frames: the page runs minified
// bundles (dist/assets/*.js) and vite writes a version-3 source map beside each (*.js.map). Only
// what a profile summary needs: a generated (line, column) → the original file, line and the
// nearest name. The mappings are decoded once per map (base64 VLQ, the source map spec).

import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface RawSourceMap {
  version: number;
  sources: string[];
  names?: string[];
  mappings: string;
}

/** One mapping segment: from this generated column on, the code is `source`'s `line` (0-based). */
interface Segment {
  column: number;
  source: number;
  line: number;
  name: number;
}

export interface OriginalPosition {
  source: string;
  /** 1-based, as editors count. */
  line: number;
  name: string | null;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

/** Decodes one segment's VLQ fields. */
function decodeFields(text: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

class SourceMapIndex {
  private readonly lines: Segment[][] = [];

  constructor(private readonly map: RawSourceMap) {
    let source = 0;
    let line = 0;
    let name = 0;
    for (const generated of map.mappings.split(';')) {
      const segments: Segment[] = [];
      let column = 0;
      for (const text of generated.split(',')) {
        if (text === '') continue;
        const fields = decodeFields(text);
        column += fields[0] ?? 0;
        if (fields.length < 4) continue;
        source += fields[1] ?? 0;
        line += fields[2] ?? 0;
        if (fields.length >= 5) name += fields[4] ?? 0;
        segments.push({ column, source, line, name: fields.length >= 5 ? name : -1 });
      }
      this.lines.push(segments);
    }
  }

  /** The position of generated `line`, `column` (both 0-based), or null when nothing maps there. */
  lookup(line: number, column: number): OriginalPosition | null {
    const segments = this.lines[line];
    if (segments === undefined || segments.length === 0) return null;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((segments[middle] as Segment).column <= column) low = middle;
      else high = middle - 1;
    }
    const segment = segments[low] as Segment;
    if (segment.column > column) return null;
    const source = (this.map.sources[segment.source] ?? '?').replace(/^(\.\.\/)+/, '');
    return { source, line: segment.line + 1, name: this.map.names?.[segment.name] ?? null };
  }
}

/**
 * Maps a frame of the built app (its script URL ends in a file of `assetsDir`) to its original
 * position; null for a script without a map there (Chromium's own, the page's init scripts).
 */
export function createAssetMapper(
  assetsDir: string,
): (url: string, line: number, column: number) => OriginalPosition | null {
  const maps = new Map<string, SourceMapIndex | null>();
  return (url, line, column) => {
    const file = basename(url.split('?')[0] ?? '');
    if (file === '') return null;
    let index = maps.get(file);
    if (index === undefined) {
      const path = join(assetsDir, `${file}.map`);
      index = existsSync(path)
        ? new SourceMapIndex(JSON.parse(readFileSync(path, 'utf8')) as RawSourceMap)
        : null;
      maps.set(file, index);
    }
    return index?.lookup(line, column) ?? null;
  };
}
