// Starts the fake gateway the way a developer does by hand (`npm run fake-gateway -- --port 0`, without
// npm's own chatter), for the e2e spec that tries the app against it and for the unit test that checks
// stopping it leaves no process behind.
import type { ChildProcess } from 'node:child_process';
import { endGroup, spawnGroup } from './process-group.ts';

export interface HandStartedGateway {
  baseUrl: string;
  apiKey: string;
  /** The process we spawned (`npx`); the server itself runs in a grandchild. */
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startByHand(cwd?: string): Promise<HandStartedGateway> {
  // In its own process group, so that stopping reaches the server under `npx` → `sh` → `tsx`.
  const child: ChildProcess = spawnGroup(
    'npx',
    ['--no-install', 'tsx', 'test/fake-gateway/cli.ts', '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cwd ? { cwd } : {}),
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const printed = await new Promise<{ baseUrl: string; apiKey: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The fake gateway did not start:\n${output}`)), 20_000);
    const check = () => {
      const baseUrl = /Base URL\s+(\S+)/.exec(output)?.[1];
      const apiKey = /API key\s+(\S+)/.exec(output)?.[1];
      if (baseUrl && apiKey) {
        clearTimeout(timer);
        resolve({ baseUrl, apiKey });
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(new Error(`The fake gateway exited (${code}):\n${output}`)));
  }).catch(async (error: unknown) => {
    // It did not come up: whatever part of it did start must not outlive the test.
    await endGroup(child);
    throw error;
  });
  return {
    ...printed,
    child,
    output: () => output,
    // The whole group, even when `npx` has already gone: its descendants may still run.
    stop: () => endGroup(child),
  };
}
