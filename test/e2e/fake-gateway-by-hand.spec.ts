// The way a developer tries the app without a real key: start the fake gateway with its npm script,
// paste the printed base URL and key into a new profile, and test the connection.
import { type ChildProcess, spawn } from 'node:child_process';
import { expect, test } from './harness.ts';

interface HandStartedGateway {
  baseUrl: string;
  apiKey: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function startByHand(): Promise<HandStartedGateway> {
  // The same command `npm run fake-gateway -- --port 0` runs, without npm's own chatter.
  const child: ChildProcess = spawn(
    'npx',
    ['--no-install', 'tsx', 'test/fake-gateway/cli.ts', '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
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
  });
  return {
    ...printed,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGINT');
      }),
  };
}

test('Test connection against the fake gateway started by hand', async ({ startApp }) => {
  const gateway = await startByHand();
  try {
    const app = await startApp();
    const { page } = app;

    await page.getByRole('button', { name: 'Add your gateway' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Fake gateway');
    await page.getByLabel('Base URL').fill(gateway.baseUrl);
    await page.getByLabel('API key').fill(gateway.apiKey);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page.getByTestId('panel-settings')).toBeVisible();

    await page.getByTestId('test-connection').click();
    const results = page.getByTestId('connection-results');
    await expect(results.getByTestId('connection-v1')).toContainText(/\d+ models · \d+ ms/);
    await expect(results.getByTestId('connection-v1beta')).toContainText(/\d+ models · \d+ ms/);
    await app.screenshot('fake-gateway-by-hand-connection');

    // The gateway saw one listing per family, each with its own auth (it logs a line per request).
    await expect.poll(() => gateway.output()).toMatch(/GET\s+\/v1\/models → 200/);
    expect(gateway.output()).toMatch(/GET\s+\/v1beta\/models → 200/);
    await app.expectNoKeyLeak(gateway.apiKey);
  } finally {
    await gateway.stop();
  }
});
