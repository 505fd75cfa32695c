// DESIGN.md § Layers: the gateway client is plain Node at the bottom of main, so it runs under vitest and in any
// Node script. It may import its own folder, Node's built-ins, plain npm packages and the preload's contract (the
// shared, dependency-free vocabulary of codes and shapes that main and renderer both speak); `electron` or any
// other module of the app (src-main outside gateway/, the rest of src-preload, the renderer) would tie it to the app.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const gatewayDir = join(root, 'src-main/gateway');

/** Every module specifier a file imports or re-exports (static `from '…'` and dynamic `import('…')`). */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)) {
    found.push(match[1]!);
  }
  return found;
}

function allowed(file: string, specifier: string): boolean {
  if (specifier === 'electron' || specifier.startsWith('electron/')) return false;
  if (!specifier.startsWith('.')) return true;
  const target = relative(root, resolve(dirname(file), specifier))
    .split('\\')
    .join('/');
  if (target.startsWith('src-main/gateway/')) return true;
  // The contract (one file today, possibly a folder of area files) and the placeholders it documents.
  return /^src-preload\/(contract(\.ts|\/)|secret-placeholders\.ts$)/.test(target);
}

describe('the gateway core', () => {
  const files = readdirSync(gatewayDir).filter((name) => name.endsWith('.ts'));

  it('is found', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it('imports no module of the app outside gateway/ but the contract, and no electron', () => {
    const leaving = files.flatMap((name) => {
      const file = join(gatewayDir, name);
      return specifiersOf(readFileSync(file, 'utf8'))
        .filter((specifier) => !allowed(file, specifier))
        .map((specifier) => `${name}: ${specifier}`);
    });
    expect(leaving).toEqual([]);
  });
});
