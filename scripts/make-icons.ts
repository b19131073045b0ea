// Renders public/favicon.svg into the PNG icons the web app manifest names (vite.config.ts):
// Chromium installs an app only with raster icons of 192 and 512 px. Run after changing the SVG:
// `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './lib/chromium.ts';

const PUBLIC_DIR = join(import.meta.dirname, '..', 'public');
const SIZES = [192, 512] as const;

const svg = readFileSync(join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: chromiumExecutablePath(), args: [...CHROMIUM_ARGS] });
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: join(PUBLIC_DIR, `icon-${size}.png`), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
