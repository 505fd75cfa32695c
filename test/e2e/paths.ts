// Where the harness finds and puts things, relative to the repository root.
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/**
 * The renderer build the harness serves: electron-vite's own output, the bytes the app ships. A build
 * empties this folder first, so rebuilding while tests run pulls files from under them; run tests after
 * a build, not during one.
 */
export const RENDERER_BUILD_DIR = resolve(REPO_ROOT, 'out', 'renderer');
export const SCREENSHOT_DIR = resolve(REPO_ROOT, 'test-results', 'screenshots');
