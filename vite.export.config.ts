// The single-file viewer (issue 24): the same app built into one HTML file, `dist/export/viewer.html`,
// that an HTML export embeds a log into (src/log/export/html-export.ts) and that opens from file://
// with no request to any origin. `npm run build:export` builds it; the CLI and the app's Export
// read it.
//
// Why a second build and not a bundler plugin from npm: no single-file plugin is in our package
// list, and the one thing such plugins do not do is the worker. Here the app's module, its CSS and
// every asset (the zstd .wasm, images) are inlined by Vite itself (assetsInlineLimit, one chunk);
// this plugin then moves the worker's module into the page as a string and starts it from a Blob
// URL, puts the script and style inline, and writes a policy that allows exactly that: the inline
// script by its SHA-256, blob: workers, WebAssembly, data: and blob: for the inlined assets, and
// nothing else — `connect-src` names no origin, so the file cannot reach the network.
import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

type OutputAsset = Rolldown.OutputAsset;
type OutputChunk = Rolldown.OutputChunk;

/** Where the export's embedded log goes (src/log/export/html-export.ts EMBED_MARKER). */
const EMBED_MARKER = '<!--dsh-replay:embedded-log-->';

function policy(scriptHash: string): string {
  return [
    "default-src 'none'",
    `script-src 'sha256-${scriptHash}' blob: 'wasm-unsafe-eval'`,
    'worker-src blob:',
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    'connect-src data: blob:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** `</script` inside the inlined code would end the element: written `<\/script` (same meaning in JS strings and regexes). */
function inlineSafe(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function singleFileViewer(): Plugin {
  return {
    name: 'dsh-replay-single-file',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const html = files.find((f): f is OutputAsset => f.type === 'asset' && f.fileName.endsWith('.html'));
      const main = files.find((f): f is OutputChunk => f.type === 'chunk' && f.isEntry);
      if (!html || !main) throw new Error('single-file viewer: no page or entry chunk');
      let code = main.code;
      for (const file of files) {
        if (
          file.type !== 'asset' ||
          !file.fileName.startsWith('assets/worker/') ||
          !file.fileName.endsWith('.js')
        )
          continue;
        // A module worker from a blob: URL does not start in a file:// page (Chromium refuses its
        // opaque origin), so the worker runs as a classic script: the bundle has no import or export,
        // and its one `import.meta.url` (the base of an inlined, absolute data: URL) is the worker's own URL.
        const workerCode = (
          typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source)
        ).replace(/import\.meta\.url/g, 'self.location.href');
        const reference = new RegExp(
          `new URL\\(\`/${file.fileName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\`,\`\`\\+import\\.meta\\.url\\)`,
          'g',
        );
        if (!reference.test(code)) throw new Error(`single-file viewer: no reference to ${file.fileName}`);
        code = code.replace(
          reference,
          () =>
            `new URL(URL.createObjectURL(new Blob([${JSON.stringify(workerCode)}],{type:"text/javascript"})))`,
        );
        delete bundle[file.fileName];
      }
      const moduleOption = /\{type:`module`,name:`dsh-replay-log`\}/g;
      if (!moduleOption.test(code))
        throw new Error('single-file viewer: the log worker is not started as a module');
      code = code.replace(moduleOption, () => '{name:`dsh-replay-log`}');
      const css = files
        .filter((f): f is OutputAsset => f.type === 'asset' && f.fileName.endsWith('.css'))
        .map((f) => (typeof f.source === 'string' ? f.source : new TextDecoder().decode(f.source)))
        .join('\n');
      const script = inlineSafe(code);
      const hash = createHash('sha256').update(script).digest('base64');
      let page = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
      page = page
        .replace(/<script type="module"[^>]*src="[^"]*"[^>]*><\/script>\s*/g, '')
        .replace(/<link rel="stylesheet"[^>]*>\s*/g, '')
        .replace(/<link rel="icon"[^>]*>\s*/g, '')
        // Replacement functions, not strings: `$&` and `$'` in the code must stay as they are.
        .replace(
          '<meta charset="UTF-8" />',
          () =>
            `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy(hash)}" />`,
        )
        .replace('</head>', () => `  <style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  </head>`)
        .replace(
          '</body>',
          () => `  ${EMBED_MARKER}\n    <script type="module">${script}</script>\n  </body>`,
        );
      for (const file of files) if (file.fileName !== html.fileName) delete bundle[file.fileName];
      delete bundle[html.fileName];
      this.emitFile({ type: 'asset', fileName: 'viewer.html', source: page });
    },
  };
}

export default defineConfig({
  // The file opens from file:// where no service worker can run: the plugin is off, and only
  // provides the module src/browser/app-update.ts imports (main.tsx does not call it here).
  plugins: [react(), tailwindcss(), singleFileViewer(), VitePWA({ disable: true })],
  publicDir: false,
  define: { 'import.meta.env.VITE_SINGLE_FILE': JSON.stringify(true) },
  worker: { format: 'es', rollupOptions: { output: { entryFileNames: 'assets/worker/[name]-[hash].js' } } },
  build: {
    outDir: 'dist/export',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: () => true,
    cssCodeSplit: false,
    modulePreload: false,
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      output: { inlineDynamicImports: true },
      treeshake: { moduleSideEffects: (id) => !id.includes('/node_modules/unhomoglyph/') },
    },
  },
});
