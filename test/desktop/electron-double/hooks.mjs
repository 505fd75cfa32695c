// Module resolution hook for the desktop tests: `electron` (and its `electron/main` alias) resolves to
// the double instead of the npm package, whose entry only knows where the Electron binary would be.
const DOUBLE = new URL('./index.ts', import.meta.url).href;
const NAMES = new Set(['electron', 'electron/main', 'electron/common']);

export async function resolve(specifier, context, nextResolve) {
  // Through the rest of the chain, so tsx's hooks still see (and compile) the TypeScript file.
  return nextResolve(NAMES.has(specifier) ? DOUBLE : specifier, context);
}
