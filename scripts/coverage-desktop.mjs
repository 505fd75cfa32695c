// `npm run coverage:desktop`: which lines of the main process the desktop e2e suite executes — and only
// that suite: unit tests with hand-made fakes do not count. Builds the app, runs the desktop project
// with V8 coverage on in every main process it starts (test/desktop/launch.ts), maps the bundle back to
// src-main/ through its source map (v8-to-istanbul, merged across processes with istanbul-lib-coverage),
// and prints the share of lines executed per file of
// src-main/index.ts and src-main/electron/*, and per folder for the rest of src-main. Exits 1 when
// index.ts or a file of src-main/electron/ is under 90 %.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import libCoverage from 'istanbul-lib-coverage';
import v8ToIstanbul from 'v8-to-istanbul';

const ROOT = resolve(import.meta.dirname, '..');
const RAW = join(ROOT, 'coverage', 'desktop-v8');
const MAIN_BUNDLE = pathToFileURL(join(ROOT, 'out', 'main', 'index.js')).href;
const THRESHOLD = 90;

function run(args, env = {}) {
  const result = spawnSync('npx', ['--no-install', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

// `--report-only`: report on the last run's raw files again (after changing this script).
const reportOnly = process.argv.includes('--report-only');
let suite = 0;
if (!reportOnly) {
  rmSync(join(ROOT, 'coverage'), { recursive: true, force: true });
  mkdirSync(RAW, { recursive: true });
  if (run(['electron-vite', 'build']) !== 0) process.exit(1);
  suite = run(['playwright', 'test', '--project=desktop', '--reporter=line'], {
    GS_DESKTOP_COVERAGE: RAW,
    GS_E2E_SKIP_BUILD: '1',
  });
}

// Every main process wrote one file when it exited (a worker thread of the module loader writes its own,
// without the bundle). Each is mapped back to the sources through the source map V8 cached with it.
const coverage = libCoverage.createCoverageMap({});
for (const name of readdirSync(RAW)) {
  const raw = JSON.parse(readFileSync(join(RAW, name), 'utf8'));
  const script = raw.result.find((entry) => entry.url === MAIN_BUNDLE);
  const cached = raw['source-map-cache']?.[MAIN_BUNDLE];
  if (!script || !cached) continue;
  const path = fileURLToPath(MAIN_BUNDLE);
  const converter = v8ToIstanbul(path, 0, {
    source: readFileSync(path, 'utf8'),
    sourceMap: { sourcemap: cached.data },
  });
  await converter.load();
  converter.applyCoverage(script.functions);
  coverage.merge(converter.toIstanbul());
}
if (coverage.files().length === 0) {
  console.log('No coverage was written: did any main process exit normally?');
  process.exit(1);
}

const rows = new Map();
const add = (name, lines) => {
  const row = rows.get(name) ?? { covered: 0, total: 0 };
  row.covered += lines.covered;
  row.total += lines.total;
  rows.set(name, row);
};
for (const file of coverage.files()) {
  const lines = coverage.fileCoverageFor(file).toSummary().lines;
  const path = relative(ROOT, file).split('\\').join('/');
  if (!path.startsWith('src-main/')) continue;
  if (path === 'src-main/index.ts' || path.startsWith('src-main/electron/')) add(path, lines);
  else {
    const parts = path.split('/');
    add(parts.length > 2 ? `${parts.slice(0, 2).join('/')}/` : 'src-main/ (other files)', lines);
  }
}

/** `12-14, 40`: the lines of a file no desktop run executed. */
function uncoveredLines(file) {
  const lines = Object.entries(coverage.fileCoverageFor(file).getLineCoverage())
    .filter(([, hits]) => hits === 0)
    .map(([line]) => Number(line));
  const ranges = [];
  for (const line of lines) {
    const last = ranges.at(-1);
    if (last && line === last[1] + 1) last[1] = line;
    else ranges.push([line, line]);
  }
  return ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
}
const gatedFiles = new Map(
  coverage
    .files()
    .map((file) => [relative(ROOT, file).split('\\').join('/'), file])
    .filter(([path]) => path === 'src-main/index.ts' || path.startsWith('src-main/electron/')),
);

const percent = ({ covered, total }) => (total === 0 ? 100 : (100 * covered) / total);
const names = [...rows.keys()].sort((a, b) => {
  const rank = (name) => (name === 'src-main/index.ts' ? 0 : name.startsWith('src-main/electron/') ? 1 : 2);
  return rank(a) - rank(b) || a.localeCompare(b);
});
console.log('\nLines executed by the desktop e2e run (main process only):');
const below = [];
for (const name of names) {
  const row = rows.get(name);
  const share = percent(row);
  const gated = name === 'src-main/index.ts' || name.startsWith('src-main/electron/');
  if (gated && share < THRESHOLD) below.push(name);
  const missed = gated ? uncoveredLines(gatedFiles.get(name)) : '';
  console.log(
    `  ${name.padEnd(44)} ${share.toFixed(1).padStart(5)} %  (${row.covered}/${row.total})${gated ? '' : '  folder'}${missed ? `  not run: ${missed}` : ''}`,
  );
}
if (suite !== 0) console.log('\nThe desktop suite itself failed; the figures cover what ran.');
if (below.length) console.log(`\nUnder ${THRESHOLD} %: ${below.join(', ')}`);
process.exit(suite !== 0 || below.length ? 1 : 0);
