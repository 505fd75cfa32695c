// The checks a machine without the Electron binary can still make of the packaging set-up: the
// configuration against electron-builder's own schema (its validateConfiguration, the same call it makes
// before building) and every file the configuration names. scripts/dist.mjs runs them before packaging;
// test/unit/packaging/config.test.ts runs them too.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import config from './electron-builder.config.mjs';

const require = createRequire(import.meta.url);
export const PROJECT_DIR = join(import.meta.dirname, '../..');

/** electron-builder's own validation: the JSON schema it ships (scheme.json) and its deprecation rules. */
export async function validateWithElectronBuilder(candidate = config) {
  const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
  const quiet = { isEnabled: false, add() {} };
  // It validates a copy: ajv's type coercion may rewrite the object it is given.
  await validateConfiguration(structuredClone(candidate), quiet);
}

/** The files the configuration names that are part of the source tree (icons are made at package time). */
export function missingSourceFiles(candidate = config) {
  const named = [candidate.mac?.entitlements, candidate.mac?.entitlementsInherit, candidate.afterPack].filter(
    (path) => typeof path === 'string',
  );
  return named.filter((path) => !existsSync(join(PROJECT_DIR, path)));
}

/** The icon files the configuration names, for after icons.mjs has run. */
export function missingIcons(candidate = config) {
  return [candidate.mac?.icon, candidate.win?.icon, candidate.linux?.icon].filter(
    (path) => typeof path === 'string' && !existsSync(join(PROJECT_DIR, path)),
  );
}

/** The keys of a plist's top-level <dict> whose value is <true/> (enough for an entitlements file). */
export function trueKeysOfPlist(text) {
  return [...text.matchAll(/<key>([^<]+)<\/key>\s*<true\s*\/>/g)].map((match) => match[1]);
}

export function entitlements(candidate = config) {
  return trueKeysOfPlist(readFileSync(join(PROJECT_DIR, candidate.mac.entitlements), 'utf8'));
}
