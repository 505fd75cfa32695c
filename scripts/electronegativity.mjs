// Electronegativity (Doyensec's checker for Electron misconfigurations), gated on its report: this script
// fails when a finding is not justified in the source, when a justification no longer matches a finding,
// or when the tool could not read a file.
//
// What is scanned: `src-main` and `src-preload`, the sources (copied together into a temp folder and
// scanned in one run, so the global checks — CSP, navigation limits, permission handler — see the whole
// main side). The tool's parser cannot read the built main bundle, and the renderer is checked by its CSP
// and by the sandbox the main side sets up. Its checks are judged against the Electron version installed
// (`-e`: node_modules/electron, the 45.x that runs the app): defaults differ between versions.
//
// Why not the CLI: it drops the files it fails to parse without a word once a report file is asked for
// (`-e 45.x`, for one, makes every file fail, as the version must be full semver), and it fetches
// translations from the network on every run. So the runner is called directly, with its translation
// loader replaced by one that reads the bundled English strings, and `AvailableSecurityFixesGlobalCheck`
// is left out: it downloads Electron's release list, and judges package.json, which is not scanned here.
// Nothing is downloaded at run time.
//
// The convention for a justification, a comment in the source:
//
//     // electronegativity: <CHECK_ID> — <why this is not a problem here>
//
// - For a finding at a line, the comment stands on that line or in the run of comment lines directly
//   above it (one comment may name several checks, one `electronegativity:` per check).
// - For a global finding (no file and line: "no CSP found", "no navigation limits"…), the comment stands
//   anywhere in the scanned sources, best where the thing the check missed is actually done.
// - The reason is required (at least a few words), and a justification matching no finding fails too,
//   so none outlives the code it excused.
// - The tool's own `eng-disable` comments are refused: they hide a finding without saying why.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src-main', 'src-preload'];
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
const JUSTIFICATION = /electronegativity:\s*([A-Z0-9_]+)\s*[—–-]+\s*(\S.*)?$/;
const MIN_REASON_LENGTH = 10;

const require = createRequire(import.meta.url);
const toolRequire = createRequire(require.resolve('@doyensec/electronegativity/package.json'));
const toolVersion = toolRequire('./package.json').version;
const electronVersion = require('electron/package.json').version;

// The runner awaits `locales/i18n.js` (which downloads translations, falling back to the bundled ones after
// up to a second). Put in its place before the runner loads: the same set-up minus the download.
const i18nModulePath = toolRequire.resolve('./dist/locales/i18n.js');
const i18nStub = new Module(i18nModulePath);
i18nStub.filename = i18nModulePath;
i18nStub.loaded = true;
i18nStub.exports = async () => {
  const i18n = toolRequire('i18n');
  i18n.configure({
    locales: ['en-US'],
    defaultLocale: 'en-US',
    directory: dirname(i18nModulePath),
    updateFiles: false,
    objectNotation: true,
    retryInDefaultLocale: true,
    register: globalThis,
  });
  i18n.setLocale('en-US');
};
toolRequire.cache[i18nModulePath] = i18nStub;
const run = toolRequire('./dist/runner.js');

const stage = mkdtempSync(join(tmpdir(), 'gs-electronegativity-'));
let report;
try {
  for (const folder of SCANNED) cpSync(join(ROOT, folder), join(stage, folder), { recursive: true });
  report = await run({
    input: stage,
    customScan: [],
    excludeFromScan: EXCLUDED_CHECKS,
    electronVersionOverride: electronVersion,
    isRelative: true,
    parserPlugins: [],
  });
} finally {
  rmSync(stage, { recursive: true, force: true });
}

/** Every source file scanned, by path relative to the repository, as lines. */
const sources = new Map();
function readSources(folder) {
  for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:[cm]?[jt]sx?|html)$/.test(entry.name)) continue;
    const path = relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/');
    sources.set(path, readFileSync(join(ROOT, path), 'utf8').split('\n'));
  }
}
for (const folder of SCANNED) readSources(folder);

const problems = [];
let unjustified = 0;

/** Justifications in the sources: `{ file, line (1-based), check, reason, used }`. */
const justifications = [];
for (const [file, lines] of sources) {
  lines.forEach((text, index) => {
    if (/\beng-disable\b/.test(text)) {
      problems.push(`${file}:${index + 1}: eng-disable hides a finding without a reason; justify it instead`);
    }
    for (const part of text.split(/(?=electronegativity:)/).slice(1)) {
      const match = JUSTIFICATION.exec(part.replace(/\*\/.*$/, ''));
      if (!match) continue;
      justifications.push({
        file,
        line: index + 1,
        check: match[1],
        reason: (match[2] ?? '').trim(),
        used: false,
      });
    }
  });
}

const isComment = (text) => /^\s*(?:\/\/|\/\*|\*)/.test(text);

/** Justifications that cover a finding at `line` of `file`: on the line, or in the comments just above. */
function covering(file, line, check) {
  const lines = sources.get(file);
  if (!lines) return [];
  let first = line;
  while (first > 1 && isComment(lines[first - 2])) first--;
  return justifications.filter(
    (j) => j.file === file && j.check === check && j.line >= first && j.line <= line,
  );
}

for (const error of report.errors) {
  const file = relative(stage, error.file);
  if (error.tolerable) console.log(`note: ${file}: ${error.message}`);
  else problems.push(`${file}: could not be checked: ${error.message}`);
}

const findings = report.issues.map((issue) => {
  // Global findings carry no file (the report writes them at `file:///`, line 1).
  const file = issue.file && issue.file !== 'N/A' ? issue.file.split(sep).join('/') : null;
  const line = file ? (issue.location?.line ?? 0) : null;
  return { check: issue.id, file, line, description: issue.description };
});

for (const finding of findings) {
  const where = finding.file ? `${finding.file}:${finding.line}` : '(global)';
  const found =
    finding.file && sources.has(finding.file)
      ? covering(finding.file, finding.line, finding.check)
      : justifications.filter((j) => j.check === finding.check);
  const reasoned = found.filter((j) => j.reason.length >= MIN_REASON_LENGTH);
  for (const j of found) j.used = true;
  if (reasoned.length === 0) {
    unjustified++;
    problems.push(`${where}: ${finding.check} is not justified — ${finding.description}`);
  } else {
    const j = reasoned[0];
    console.log(`justified ${finding.check} at ${where} (${j.file}:${j.line}): ${j.reason}`);
  }
}

for (const j of justifications) {
  if (!j.used)
    problems.push(`${j.file}:${j.line}: justifies ${j.check}, which the tool did not report there`);
  else if (j.reason.length < MIN_REASON_LENGTH) problems.push(`${j.file}:${j.line}: ${j.check}: say why`);
}

console.log(
  `Electronegativity ${toolVersion}, Electron ${electronVersion}: ${report.globalChecks + report.atomicChecks} checks ` +
    `(${report.atomicChecks} per file, ${report.globalChecks} global) over ${sources.size} files; ` +
    `${report.errors.filter((error) => !error.tolerable).length} unreadable; ` +
    `${findings.length} findings, ${findings.length - unjustified} justified`,
);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
