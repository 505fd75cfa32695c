// The secrets main holds in clear right now (every profile's key and extra-header values), for the last
// line of defence: whatever is written to disk (writeFileAtomic) or to the log goes through here first, so a
// secret that slipped past the gateway shield into a conversation, an export, a cache or a log line is
// still hidden. The provider is set once at start-up by whoever owns the settings.
import { compileSecrets, type SecretMatcher } from './secret-matcher.ts';
import { NOT_JSON, parseJsonDocument, scrubValue } from './secret-scrub.ts';

let provider: (() => readonly string[]) | null = null;
/** The last list compiled, kept while the secrets stay the same (compiling costs more than a scan). */
let compiled: { key: string; matcher: SecretMatcher } | null = null;

/** Where the known secrets come from; `null` forgets it (tests). */
export function setKnownSecretsProvider(next: (() => readonly string[]) | null): void {
  provider = next;
  compiled = null;
}

/** Set while the provider runs: should it log (a keychain error), that line uses the last list known. */
let asking = false;

function currentMatcher(): SecretMatcher | null {
  if (!provider) return null;
  if (asking) return compiled && !compiled.matcher.empty ? compiled.matcher : null;
  let secrets: readonly string[];
  asking = true;
  try {
    secrets = provider();
  } catch {
    // A keychain that fails now must not make a save or a log line fail; the shield still covers traffic.
    return null;
  } finally {
    asking = false;
  }
  const key = JSON.stringify(secrets);
  if (compiled?.key !== key) compiled = { key, matcher: compileSecrets(secrets) };
  return compiled.matcher.empty ? null : compiled.matcher;
}

/** A log line (or any plain text) with every known secret hidden. */
export function scrubKnownSecretsInText(text: string): string {
  return currentMatcher()?.scrub(text) ?? text;
}

/**
 * The text of a file about to be written, with every known secret hidden. JSON stays JSON: when something
 * is found, the document is parsed, its strings scrubbed one by one and written back in the same layout
 * (a secret holding `"` or `\` replaced in the raw text could break the file); other text (txt, srt, vtt,
 * md exports) is scrubbed as text. The common case, nothing found, costs one scan and no copy.
 */
export function scrubKnownSecretsInFile(text: string): string {
  const matcher = currentMatcher();
  if (!matcher || matcher.ranges(text).length === 0) return text;
  const json = parseJsonDocument(text);
  if (json === NOT_JSON) return matcher.scrub(text);
  // String values only: the document's keys are the app's own names and paths.
  const scrubbed = scrubValue(json.value, matcher, { keys: false });
  // Found only across JSON punctuation, in no single string: nothing of the document is a secret.
  if (scrubbed === json.value) return text;
  return `${JSON.stringify(scrubbed, null, indentOf(text))}${trailingNewline(text)}`;
}

/** The indentation the document was written with (`JSON.stringify`'s third argument). */
function indentOf(text: string): string | undefined {
  return /^\s*[[{]\r?\n([ \t]+)/.exec(text)?.[1];
}

function trailingNewline(text: string): string {
  return /\r?\n$/.exec(text)?.[0] ?? '';
}
