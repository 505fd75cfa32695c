import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    // electron-store must be transformed so `vi.mock('electron')` reaches its import of electron.
    server: { deps: { inline: ['electron-store'] } },
  },
});
