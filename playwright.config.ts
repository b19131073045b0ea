import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutablePath } from './scripts/lib/chromium.ts';

// E2E_PORT lets several checkouts on one machine run their suites side by side.
const PREVIEW_PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app registers a service worker (the offline copy, vite.config.ts). Specs run without it,
    // so routes and request listeners see every request; e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: chromiumExecutablePath(),
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
  webServer: {
    command: `npx vite preview --port ${PREVIEW_PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PREVIEW_PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
