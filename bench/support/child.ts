// Helpers run in a separate Node process, so their CPU and memory do not blur what is measured here.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export interface Child {
  process: ChildProcess;
  /** The first line the child printed (e.g. its URL). */
  firstLine: string;
  /** Every later line, as printed. */
  lines: string[];
  stop(): Promise<void>;
}

/** Starts `bench/support/<script>` with tsx and waits for its first line on stdout. */
export async function startChild(
  script: string,
  args: string[] = [],
  nodeFlags: string[] = [],
): Promise<Child> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', join(here, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout! });
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited early (code ${code})`)));
    reader.once('line', resolve);
  });
  reader.on('line', (line) => lines.push(line));
  return {
    process: child,
    firstLine,
    lines,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/** Runs `bench/support/<script>` to its end and returns its stdout's last line parsed as JSON. */
export async function runChild<T>(script: string, args: string[] = [], nodeFlags: string[] = []): Promise<T> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', join(here, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} failed (exit code ${code})`);
  const last = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as T;
}
