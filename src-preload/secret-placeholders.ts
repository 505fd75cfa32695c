// What stands in for an extra header's value wherever a request is shown or copied (the inspector, curl),
// shared by main (which records requests so) and the inspector (which marks and copies them). Its own module,
// not part of the contract: the window loads the contract's stream vocabulary before its first screen, and
// this is needed only once the inspector is open. The key's placeholder stays in the contract (with the
// stream vocabulary), which documents it.

import { KEY_PLACEHOLDER } from './contract.ts';

/**
 * What stands in for an extra header's value wherever a request is shown or copied: a shell variable named
 * after the header (`CF-Access-Client-Secret` → `$CF_ACCESS_CLIENT_SECRET`), never the key's variable.
 * Two names that differ only in punctuation (`x-a`, `x_a`) share a variable; real profiles do not do that.
 */
export function headerPlaceholder(name: string): string {
  let variable = name.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  if (/^[0-9]/.test(variable)) variable = `_${variable}`;
  if (`$${variable}` === KEY_PLACEHOLDER) variable = `${variable}_HEADER`;
  return `$${variable}`;
}

/** Whether a recorded header's value is its placeholder, i.e. a profile's secret left out. */
export function isHeaderPlaceholder(name: string, value: string): boolean {
  return value === headerPlaceholder(name);
}
