// Where the harness finds and puts things, relative to the repository root.
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/**
 * The renderer build the harness serves. A folder of its own (not `out/renderer`) so a colleague's
 * `electron-vite build`, which empties `out/renderer` first, cannot pull files from under a running test.
 */
export const RENDERER_BUILD_DIR = resolve(REPO_ROOT, 'out', 'e2e', 'renderer');
export const SCREENSHOT_DIR = resolve(REPO_ROOT, 'test-results', 'screenshots');
