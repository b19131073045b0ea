// The Chromium the e2e specs and the browser benchmark launch: Debian's when present (Playwright's own
// browser download does not work on our machines), with the same quiet flags for both.
import { existsSync } from 'node:fs';

/** Where Debian installs Chromium. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep a headless run free of background work and of a GPU the machines lack. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium when installed, else undefined (Playwright's own). */
export function chromiumExecutablePath(): string | undefined {
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}
