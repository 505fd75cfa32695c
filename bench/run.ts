// The bench runner: runs every section in bench/sections (or those whose name contains an argument),
// prints one table with targets and pass/fail, and writes bench/results/latest.json.
//   npx tsx bench/run.ts            all sections
//   npx tsx bench/run.ts upload     only sections whose name contains "upload"
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BenchSection, meets, type Row } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));

interface SectionResult {
  name: string;
  description: string;
  seconds: number;
  rows: Array<Row & { pass?: boolean }>;
  error?: string;
}

async function loadSections(filters: string[]): Promise<BenchSection[]> {
  const files = (await readdir(join(here, 'sections'))).filter((file) => file.endsWith('.ts')).sort();
  const sections: BenchSection[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(here, 'sections', file)).href)) as {
      default?: BenchSection;
    };
    const section = module.default;
    if (!section || typeof section.run !== 'function')
      throw new Error(`bench/sections/${file} has no default section`);
    if (filters.length === 0 || filters.some((filter) => section.name.includes(filter)))
      sections.push(section);
  }
  return sections;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}

function printTable(results: SectionResult[]): void {
  const lines: string[][] = [['section', 'metric', 'value', 'target', 'result']];
  for (const result of results) {
    if (result.error) lines.push([result.name, 'ERROR', result.error, '', 'FAIL']);
    for (const row of result.rows) {
      const target = row.target ? `${row.target.op} ${formatNumber(row.target.limit)} ${row.unit}` : '';
      const verdict = row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL';
      lines.push([result.name, row.metric, `${formatNumber(row.value)} ${row.unit}`, target, verdict]);
    }
  }
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const render = (line: string[]): string =>
    line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  console.log(render(lines[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines.slice(1)) console.log(render(line));
  for (const result of results) {
    for (const row of result.rows)
      if (row.detail) console.log(`  ${result.name} / ${row.metric}: ${row.detail}`);
  }
}

async function main(): Promise<void> {
  const sections = await loadSections(process.argv.slice(2));
  const results: SectionResult[] = [];
  for (const section of sections) {
    process.stdout.write(`running ${section.name}: ${section.description}\n`);
    const started = performance.now();
    const result: SectionResult = {
      name: section.name,
      description: section.description,
      seconds: 0,
      rows: [],
    };
    try {
      result.rows = (await section.run()).map((row) =>
        row.target ? { ...row, pass: meets(row.value, row.target) } : row,
      );
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
    }
    result.seconds = (performance.now() - started) / 1000;
    results.push(result);
  }
  console.log('');
  printTable(results);
  const failed = results.some((result) => result.error || result.rows.some((row) => row.pass === false));
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    passed: !failed,
    sections: results,
  };
  const out = join(here, 'results', 'latest.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\n${failed ? 'Some targets were missed.' : 'All targets met.'} Results: bench/results/latest.json`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
