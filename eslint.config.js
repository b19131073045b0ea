// Lint config: type-aware TypeScript rules plus the import allowlist of STYLE.md §1, checked here
// rather than in review. A new edge between folders is added to RULES below, with its reason.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importRules } from './scripts/eslint/import-rules.mjs';

const BROWSER_GLOBALS_FORBIDDEN_IN_CORE = [
  'window',
  'document',
  'self',
  'postMessage',
  'localStorage',
  'location',
  'history',
  'navigator',
  'console',
].map((name) => ({
  name,
  message: 'src/log is the pure core: return problems instead of touching globals.',
}));

/**
 * The layers of src/log, lowest first. A layer imports only the layers before it and the shared
 * vocabulary at the root of src/log (event.ts, problems.ts); index.ts, the public entry, sees all.
 */
const CORE_LAYERS = [
  ['base', 'helpers every layer uses: binary search, seq → span lookup, typed columns, the text cleaner'],
  ['container', 'bytes → text: sniffing, zstd frames and decompression, line splitting'],
  ['format', 'the stored row shapes: header and envelope checks, legacy upgrades, packed rows'],
  ['storage', 'the log store: line bytes, typed columns per event, readers'],
  ['structure', 'the index: turns, steps, attempts, tool calls, the surface fold'],
  [
    'open',
    'opening a log: the decoder that drives container → format → storage → structure into an OpenedLog',
  ],
  ['projections', 'what panes show: model view, streaming, transcript, rows, links, the event scan, usage'],
  ['search', 'the text index: what each seq shows, as lower-cased segments; all matches of a text'],
  ['reports', 'triage, the bug report, the inspect report'],
  [
    'cost',
    'money and time: the bundled price table and edits, requests priced, time columns, range totals, the context window',
  ],
  [
    'workspace',
    'many sessions: discovery, ZIP members, listing summaries, the lineage tree, links between sessions',
  ],
  [
    'compare',
    'two or more runs side by side (issue 23): outlines, the LCS alignment, the first divergence, request and text diffs',
  ],
  [
    'redact',
    'secrets found in every string of a log and masked stably before an export is written (issue 24)',
  ],
  [
    'export',
    'the export writers (Markdown, dsh export ZIP, the single-file HTML) over a cut and redacted log',
  ],
  ['follow', 'following a log while dsh writes it: appends from a byte offset, the poll loop, file sources'],
];

const CORE_PATTERNS = [
  {
    group: ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*'],
    message: 'The core imports no UI library.',
  },
  {
    group: ['**/worker/**', '**/store/**', '**/ui/**', '**/url/**', '**/cli/**'],
    message: 'The core imports only src/log.',
  },
  { group: ['node:*', 'fs', 'path'], message: 'The core runs in a worker too: no Node modules.' },
  { group: ['**/testing/**'], message: 'src/log/testing is for tests only.' },
];

/** The deny patterns of one core layer: every layer above it (and, for the root files, every layer). */
function coreLayerPatterns(layerIndex) {
  const above = CORE_LAYERS.slice(layerIndex + 1).map(([name]) => name);
  if (above.length === 0) return CORE_PATTERNS;
  const layerName = layerIndex < 0 ? 'the shared vocabulary' : CORE_LAYERS[layerIndex][0];
  return [
    ...CORE_PATTERNS,
    {
      group: above.flatMap((name) => [`../${name}/**`, `./${name}/**`, `../../${name}/**`]),
      message: `src/log layers import downward only (${CORE_LAYERS.map(([n]) => n).join(' → ')}); ${layerName} is below these.`,
    },
  ];
}

/** The worker's inside, which only src/worker itself imports (written with and without `.ts`). */
const WORKER_INTERNALS = [
  '**/worker/entry',
  '**/worker/entry.ts',
  '**/worker/protocol',
  '**/worker/protocol.ts',
];

const CORE_TEST_IGNORES = ['src/log/**/*.test.ts', 'src/log/testing/**'];

/**
 * Globals with one home each (STYLE.md §2.3), outside src/log (which sees none) and the CLI: the
 * name, the folder that may use it, and the message elsewhere.
 */
const APP_GLOBALS = [
  ['location', 'src/url/**', 'Only src/url touches location.'],
  ['history', 'src/url/**', 'Only src/url touches history.'],
  [
    'localStorage',
    'src/browser/local-storage.ts',
    "Only the person's settings (pane layouts, edited prices) are kept in localStorage, through src/browser/local-storage.ts; what the browser keeps of logs (IndexedDB) goes through src/store/log-persistence.ts.",
  ],
  [
    'requestIdleCallback',
    'src/browser/idle.ts',
    'Schedule idle work with requestIdle (src/browser/idle.ts).',
  ],
  ['cancelIdleCallback', 'src/browser/idle.ts', 'Cancel idle work with the function requestIdle returns.'],
  [
    'ResizeObserver',
    'src/browser/resize.ts',
    'Observe sizes with observeContentSize (src/browser/resize.ts).',
  ],
];

/** The no-restricted-globals entries for files in `home` (every app global but the ones living there). */
function appGlobalsOutside(home) {
  return APP_GLOBALS.filter(([, owner]) => owner !== home).map(([name, , message]) => ({ name, message }));
}

/** Per-folder import allowlist (as deny patterns, since ESLint has no allowlist rule). */
const RULES = [
  {
    files: ['src/log/index.ts'],
    patterns: CORE_PATTERNS,
    globals: BROWSER_GLOBALS_FORBIDDEN_IN_CORE,
  },
  {
    files: ['src/log/*.ts'],
    ignores: [...CORE_TEST_IGNORES, 'src/log/index.ts'],
    patterns: coreLayerPatterns(-1),
    globals: BROWSER_GLOBALS_FORBIDDEN_IN_CORE,
  },
  ...CORE_LAYERS.map(([name], index) => ({
    files: [`src/log/${name}/**/*.ts`],
    ignores: CORE_TEST_IGNORES,
    patterns: coreLayerPatterns(index),
    globals: BROWSER_GLOBALS_FORBIDDEN_IN_CORE,
  })),
  {
    // Tests of the core may use src/log/testing and Node, but still no UI or app folders.
    files: ['src/log/**/*.test.ts', 'src/log/testing/**/*.ts'],
    patterns: CORE_PATTERNS.slice(0, 2),
  },
  {
    files: ['src/browser/**/*.ts'],
    patterns: [
      {
        group: ['react', 'react-dom', 'zustand', '../*', '../**'],
        message: 'src/browser wraps browser primitives; it imports nothing of the app.',
      },
    ],
  },
  {
    files: ['src/worker/**/*.ts'],
    patterns: [
      {
        group: ['react', 'react-dom', 'zustand', '**/store/**', '**/ui/**', '**/url/**', '**/cli/**'],
        message: 'The worker sees only src/log and its protocol.',
      },
    ],
  },
  {
    files: ['src/store/**/*.ts'],
    patterns: [
      {
        group: ['react-dom', '**/ui/**', '**/url/**', '**/cli/**', ...WORKER_INTERNALS],
        message: 'The store uses src/log and worker/client only.',
      },
    ],
  },
  {
    files: ['src/url/**/*.ts'],
    patterns: [
      {
        group: ['**/ui/**', '**/worker/**', '**/cli/**'],
        message: 'src/url sees src/log types and src/store only.',
      },
    ],
  },
  {
    files: ['src/ui/shared/**/*.{ts,tsx}'],
    patterns: [
      {
        group: ['**/store/**', '**/worker/**', '**/url/**', '**/panes/**', '**/scrubber/**'],
        message: 'Shared widgets are presentational: no store, no worker.',
      },
    ],
  },
  ...['timeline', 'events', 'model-view', 'triage'].map((pane) => ({
    files: [`src/ui/panes/${pane}/**/*.{ts,tsx}`],
    patterns: [
      {
        group: ['timeline', 'events', 'model-view', 'triage']
          .filter((p) => p !== pane)
          .map((p) => `**/panes/${p}/**`),
        message: 'Panes never import another pane: they stay in sync through cursorSeq in the store.',
      },
      {
        group: [...WORKER_INTERNALS, '**/url/**'],
        message: 'Panes talk to the worker through the store/client only.',
      },
    ],
  })),
  {
    // The compare view (issue 23) is a view of its own over several runs, not a pane of the open
    // log: it reads the store and the client's compare queries, and shares widgets only.
    files: ['src/ui/compare/**/*.{ts,tsx}'],
    patterns: [
      {
        group: [
          '**/panes/**',
          '**/scrubber/**',
          '**/workspace/**',
          '**/shell/**',
          ...WORKER_INTERNALS,
          '**/url/**',
        ],
        message: 'The compare view imports src/log, src/store, worker/client and src/ui/shared only.',
      },
    ],
  },
  {
    // Money and time (issue 25): small components the cards and the Cost & time tab render.
    files: ['src/ui/cost/**/*.{ts,tsx}'],
    patterns: [
      {
        group: ['**/panes/**', ...WORKER_INTERNALS, '**/url/**'],
        message: 'src/ui/cost is rendered by panes and App; it talks to the worker through the client only.',
      },
    ],
  },
  {
    files: ['src/cli/**/*.ts'],
    patterns: [
      {
        group: ['react', 'react-dom', 'zustand', '**/ui/**', '**/store/**', '**/worker/**', '**/url/**'],
        message: 'The CLI uses only src/log.',
      },
    ],
  },
  {
    files: ['e2e/**/*.ts'],
    patterns: [{ group: ['**/src/**'], message: 'e2e drives the built app; it does not import src/.' }],
  },
];

/**
 * Default deny (STYLE.md §3.16): what each folder of the app may import besides its own files, as
 * repo paths (a folder or one file). An edge not named here fails the lint (allowed-imports); add it
 * with its reason. `src/ui/session-links` is where what the panes, the shell and the workspace
 * sidebar all show of links between sessions lives, so that no pane imports the sidebar sideways.
 */
const APP_LOG_API = 'src/log/index.ts';
const WORKER_CLIENT = 'src/worker/client.ts';
const ALLOWED_IMPORTS = [
  {
    home: 'src/ui/App.tsx',
    allow: ['src/ui', 'src/store', 'src/url', 'src/browser', WORKER_CLIENT, APP_LOG_API],
    reason: 'the shell composes everything the page shows',
  },
  {
    home: 'src/ui/shell',
    allow: [
      'src/ui/shared',
      'src/ui/session-links',
      'src/ui/use-keyboard.ts',
      'src/store',
      'src/url/use-url-sync.ts',
      'src/browser',
      WORKER_CLIENT,
      APP_LOG_API,
    ],
    reason: 'the bars and panels around the panes: the store, shared widgets, the parent link',
  },
  {
    home: 'src/ui/workspace',
    allow: [
      'src/ui/shared',
      'src/ui/session-links',
      'src/ui/cost',
      'src/store',
      'src/browser',
      WORKER_CLIENT,
      APP_LOG_API,
    ],
    reason: 'the session sidebar: the store and the worker client, never a pane or the shell',
  },
  {
    home: 'src/ui/session-links',
    allow: ['src/ui/shared', 'src/store', WORKER_CLIENT, APP_LOG_API],
    reason: 'links between sessions shown inside panes and bars; below all of them',
  },
  {
    home: 'src/ui/cost',
    allow: ['src/ui/shared', 'src/store', 'src/browser', WORKER_CLIENT, APP_LOG_API],
    reason:
      'the cost and time chips and the Cost & time tab: rendered by cards, rows and App, below them all',
  },
  ...['compare', 'live'].map((view) => ({
    home: `src/ui/${view}`,
    allow: ['src/ui/shared', 'src/ui/session-links', 'src/store', 'src/browser', WORKER_CLIENT, APP_LOG_API],
    reason: 'a view of its own (compare, live follow) composed by App: the store and shared widgets',
  })),
  {
    home: 'src/ui/export',
    allow: [
      'src/ui/shared',
      'src/store',
      'src/url/use-url-sync.ts',
      'src/browser',
      WORKER_CLIENT,
      APP_LOG_API,
    ],
    reason: 'the export dialog: the store, shared widgets, and the app base URL an HTML export links back to',
  },
  ...['timeline', 'events', 'model-view', 'triage'].map((pane) => ({
    home: `src/ui/panes/${pane}`,
    allow: [
      'src/ui/shared',
      'src/ui/session-links',
      'src/ui/cost',
      'src/store',
      'src/browser',
      WORKER_CLIENT,
      APP_LOG_API,
    ],
    reason:
      'a pane sees the store, shared widgets, session links and the cost chips its cards carry; never another pane',
  })),
];

/**
 * No source file over 400 lines (STYLE.md; tests excluded: *.test.ts(x) and e2e/), with no
 * exceptions: a file that grows past it is split in the change that grows it.
 */
const MAX_SOURCE_LINES = 400;

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'playwright-report',
      'test-results',
      'public',
      'fixtures',
      '.scratch',
      'scripts/**/*.mjs',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No export *: list what a module offers.' },
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/store/**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useWorkerQuery(ask, deps) takes deps like useEffect: the same check at every call site.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useWorkerQuery$' }],
    },
  },
  {
    files: ['*.config.ts', '*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: MAX_SOURCE_LINES }] },
  },
  {
    // No import cycles anywhere in the code we lint (type-only imports count: STYLE.md §3.16).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    plugins: { local: importRules },
    rules: { 'local/no-import-cycle': 'error' },
  },
  ...ALLOWED_IMPORTS.map(({ home, allow }) => ({
    files: [home.endsWith('.tsx') || home.endsWith('.ts') ? home : `${home}/**/*.{ts,tsx}`],
    plugins: { local: importRules },
    rules: { 'local/allowed-imports': ['error', { root: import.meta.dirname, home, allow }] },
  })),
  ...RULES.map(({ files, ignores, patterns, globals: restrictedGlobals }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      ...(restrictedGlobals ? { 'no-restricted-globals': ['error', ...restrictedGlobals] } : {}),
    },
  })),
  {
    // Global side effects have one home each (STYLE.md §2.3).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/log/**', 'src/cli/**', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...appGlobalsOutside(null)],
      'no-restricted-properties': [
        'error',
        ...['requestIdleCallback', 'cancelIdleCallback', 'ResizeObserver'].flatMap((property) =>
          ['window', 'self', 'globalThis'].map((object) => ({
            object,
            property,
            message: 'Use the wrapper in src/browser.',
          })),
        ),
      ],
    },
  },
  ...[...new Set(APP_GLOBALS.map(([, home]) => home))]
    .filter((home) => home !== 'nowhere')
    .map((home) => ({
      files: [home.endsWith('**') ? `${home}/*.{ts,tsx}` : home],
      ignores: ['src/**/*.test.ts'],
      rules: { 'no-restricted-globals': ['error', ...appGlobalsOutside(home)] },
    })),
);
