// The browser of the end-to-end tests: CHROMIUM_PATH, else Debian's headless shell (the lighter build
// Playwright itself runs headless tests in: the suite took a third less CPU in it), else Debian's chromium.
import fs from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The Chromium to launch, or undefined when there is none. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return fs.existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate));
}
