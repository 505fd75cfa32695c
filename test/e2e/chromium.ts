// Debian's Chromium, with the flags that work in this project's sandboxed build machines. Shared by the
// Playwright config (e2e project) and the benches that drive a browser themselves.
// (Never `npx playwright install`: the browser download is not reachable here.)

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
