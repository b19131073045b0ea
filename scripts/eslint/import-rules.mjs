// Two lint rules of our own for the import layering (STYLE.md §3.16):
//   allowed-imports  default deny: a file imports only from its own folder and the places named
//                    for it (Perfetto's DEPS_ALLOWLIST, python/tools/check_imports.py, is the model);
//   no-import-cycle  no file reaches itself through imports, type-only imports included, since a
//                    cycle of types still ties two modules into one (eslint-plugin-import's no-cycle
//                    skips type imports, so it would not see reports/bug-report.ts ↔ triage.ts).
// Only relative imports are checked: packages are the concern of the deny patterns in eslint.config.js.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/** The file an import names, or null (a package, a stylesheet, a missing file). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), `${base}/index.ts`];
  for (const candidate of candidates) {
    if (!SOURCE_EXTENSIONS.some((ext) => candidate.endsWith(ext))) continue;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every module specifier of an import, export-from or import() in the node (ESTree). */
function moduleSources(visit) {
  const check = (node) => {
    if (node.source && typeof node.source.value === 'string') visit(node.source, node.source.value);
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}

/** Repo-relative, '/'-separated. */
function toRepoPath(root, file) {
  return relative(root, file).split(sep).join('/');
}

/** Whether `path` is `place` or lies under it (`place` a file or a folder, no glob). */
function isWithin(path, place) {
  return path === place || path.startsWith(place.endsWith('/') ? place : `${place}/`);
}

const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Default deny: a file imports only its own folder and the places listed for it.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          home: { type: 'string' },
          allow: { type: 'array', items: { type: 'string' } },
          reason: { type: 'string' },
        },
        required: ['root', 'home', 'allow'],
        additionalProperties: false,
      },
    ],
    messages: {
      denied:
        '{{target}} is not in what {{home}} may import ({{allowed}}). Add the edge to the table in eslint.config.js with its reason, or move what is shared below both.',
    },
  },
  create(context) {
    const { root, home, allow } = context.options[0];
    const file = context.physicalFilename;
    return moduleSources((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (target === null) return;
      const path = toRepoPath(root, target);
      if (isWithin(path, home) || allow.some((place) => isWithin(path, place))) return;
      context.report({
        node,
        messageId: 'denied',
        data: { target: path, home, allowed: [home, ...allow].join(', ') },
      });
    });
  },
};

/** Imports of a file on disk, cached by modification time (a lint run reads each file once). */
const importCache = new Map();

function importsOf(file) {
  const mtime = statSync(file).mtimeMs;
  const cached = importCache.get(file);
  if (cached !== undefined && cached.mtime === mtime) return cached.targets;
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = info.importedFiles
    .map((reference) => resolveImport(file, reference.fileName))
    .filter((target) => target !== null);
  importCache.set(file, { mtime, targets });
  return targets;
}

/** A path of imports from `start` back to `goal` (breadth first: the shortest), or null. */
function findPathBack(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === goal) {
        const path = [file];
        for (let step = cameFrom.get(file); step !== null; step = cameFrom.get(step)) path.unshift(step);
        return path;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles, type-only imports included.' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{cycle}}. Move what both need into a module neither imports back.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const root = context.cwd;
    return moduleSources((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (target === null || target === file) return;
      const path = findPathBack(target, file);
      if (path === null) return;
      const cycle = [file, ...path, file].map((step) => toRepoPath(root, step)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { cycle } });
    });
  },
};

export const importRules = {
  meta: { name: 'dsh-replay-imports' },
  rules: { 'allowed-imports': allowedImports, 'no-import-cycle': noImportCycle },
};
