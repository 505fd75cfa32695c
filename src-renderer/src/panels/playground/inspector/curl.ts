// "Copy as curl": the request as a shell command that sends the same bytes, reading the key and the extra
// headers' values from the environment. The command is meant to be pasted into bash or zsh (and runs in
// any POSIX sh).
import { KEY_PLACEHOLDER, type SentRequest } from '../../../../../src-preload/contract.ts';
import { isHeaderPlaceholder } from '../../../../../src-preload/secret-placeholders.ts';
import { requestAsksForStream } from './request-facts.ts';

/** The variable the key is read from (`KEY_PLACEHOLDER` without its `$`). */
export const KEY_VARIABLE = KEY_PLACEHOLDER.slice(1);

/**
 * How a secret's variable is written into the command. The `:?` form stops the shell with this message
 * when the variable is unset, instead of sending an empty key and earning a puzzling 401 from the gateway.
 */
const expansion = (variable: string, what: string) => `\${${variable}:?set it to ${what} first}`;
const KEY_EXPANSION = expansion(KEY_VARIABLE, 'your gateway key');

/** curl works these out from the URL and the body; copying the recorded ones could only make them wrong. */
const DROPPED_HEADERS = new Set(['content-length', 'host']);

/**
 * Linux refuses any single argument over 128 KiB (MAX_ARG_STRLEN), so a larger body cannot be an argument
 * of curl. It goes through the shell's built-in `printf` instead, which is never exec'd and has no limit.
 */
const MAX_ARGUMENT_BYTES = 100_000;

export function curlCommand(request: SentRequest): string {
  const options: string[] = [];
  for (const [name, value] of request.headers) {
    if (DROPPED_HEADERS.has(name.toLowerCase())) continue;
    options.push(`-H ${headerArgument(name, value)}`);
  }

  const body = request.body;
  const bodyTravelsOnStdin = body !== null && utf8Length(body) > MAX_ARGUMENT_BYTES;
  if (body !== null)
    options.push(bodyTravelsOnStdin ? '--data-binary @-' : `--data-raw ${singleQuoted(body)}`);

  // -N: print each streamed event as it arrives rather than when curl's buffer fills.
  const flags = requestAsksForStream(request) ? '-sS -N' : '-sS';
  const curl = [
    `curl ${flags} -X ${request.method.toUpperCase()} ${singleQuoted(request.url)}`,
    ...options,
  ].join(' \\\n  ');
  return bodyTravelsOnStdin ? `printf '%s' ${singleQuoted(body)} |\n${curl}` : curl;
}

/**
 * One `-H` argument. A header holding the key placeholder, or an extra header's placeholder, is
 * double-quoted so the shell fills it in.
 */
function headerArgument(name: string, value: string): string {
  // `-H 'name:'` would make curl drop the header; `name;` is curl's way of sending it empty.
  if (value === '') return singleQuoted(`${name};`);
  if (isHeaderPlaceholder(name, value)) {
    // The placeholder is a plain variable name (`$` + [A-Z0-9_]) and the message fixed text, so neither
    // needs escaping; the header name (a token may hold `$` or a backtick) stays out of the expansion.
    return `"${doubleQuotedText(`${name}: `)}${expansion(value.slice(1), 'the header value')}"`;
  }
  if (!value.includes(KEY_PLACEHOLDER)) return singleQuoted(`${name}: ${value}`);
  const literalParts = `${name}: ${value}`.split(KEY_PLACEHOLDER).map(doubleQuotedText);
  return `"${literalParts.join(KEY_EXPANSION)}"`;
}

/** A single-quoted shell word: everything literal; a `'` closes the quote, is escaped, and reopens it. */
export function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Text that stays literal inside double quotes: `\`, `"`, `` ` `` and `$` are escaped. `!` is taken out
 * of the double quotes (`"'!'"`), as interactive bash and zsh expand history there and a backslash before
 * it would stay in the text.
 */
function doubleQuotedText(text: string): string {
  return text.replace(/[\\"`$]/g, (c) => `\\${c}`).replaceAll('!', `"'!'"`);
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
