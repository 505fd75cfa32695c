// Playwright empties every output folder of the projects a run includes when that run starts
// (https://playwright.dev/docs/api/class-testproject#test-project-output-dir: "This directory is cleaned
// at the start"), and a project without `outputDir` gets the default, the whole `test-results/`. So each
// project needs a folder of its own, holding no other project's folder and none of the folders tests
// write to on purpose (screenshots a person looks at, the secret scan's records): otherwise a run of the
// e2e project wipes the desktop traces and the screenshots of earlier runs.
import { isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../playwright.config.ts';
import { REPO_ROOT, SCREENSHOT_DIR } from '../../e2e/paths.ts';
import { SECRET_SCAN_RECORDS } from '../../e2e/secret-scan-record.ts';

const RESULTS = join(REPO_ROOT, 'test-results');
/** `inner` is `outer` or lies inside it. */
const within = (outer: string, inner: string) => {
  const path = relative(outer, inner);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
};

const projects = (config.projects ?? []).map((project) => ({
  name: project.name ?? '(unnamed)',
  outputDir: project.outputDir ?? config.outputDir,
}));

describe('the Playwright projects’ output folders', () => {
  it('are one per project, inside test-results', () => {
    expect(projects.length).toBeGreaterThan(0);
    for (const { name, outputDir } of projects) {
      expect(outputDir, `${name}: its own outputDir`).toBeDefined();
      const folder = resolve(REPO_ROOT, outputDir!);
      expect(within(RESULTS, folder) && folder !== RESULTS, `${name}: ${folder}`).toBe(true);
    }
  });

  it('never hold another project’s folder, the screenshots or the secret scan’s records', () => {
    for (const { name, outputDir } of projects) {
      const folder = resolve(REPO_ROOT, outputDir ?? RESULTS);
      const others = projects
        .filter((other) => other.name !== name)
        .map((other) => resolve(REPO_ROOT, other.outputDir ?? RESULTS));
      for (const kept of [...others, SCREENSHOT_DIR, SECRET_SCAN_RECORDS]) {
        expect(within(folder, kept), `${name} (${folder}) would empty ${kept}`).toBe(false);
      }
    }
  });
});
