// Console logging for main with secrets redacted. Keys never belong in a log, even when an error
// message or a stack happens to quote a header or a request body; nor does the content of a file,
// which a parse error would otherwise quote.
//
// Every pattern here runs in time proportional to the text: a log line may carry a long error body, and
// a pattern that backtracks over the rest of the text from each position (as `x-[a-z-]*key` did over
// `x-x-x-…`) turns 100 KB into seconds of a blocked main process.
import { scrubKnownSecretsInText } from './services/known-secrets.ts';

/** Names whose value is a secret: `…key` (api-key, x-vendor-api-key, apiKey…) and `…authorization`. */
const SECRET_NAME = /(?:key|authorization)$/i;

// A name starts only where no name character precedes it, so each word is tried once, not once per
// position inside it; its separator and value follow without any optional part that could backtrack far.
const NAMED_VALUE = /(?<![A-Za-z0-9_-])([A-Za-z0-9_-]+)(["']?\s*[:=]\s*["']?)([^\s"',;]+)/g;

const REDACTIONS: Array<[RegExp, string]> = [
  [/(bearer\s+)[^\s"',;]+/gi, '$1[redacted]'],
  [/\b(sk|ak|pk)-[A-Za-z0-9_-]{6,}/g, '$1-[redacted]'],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, '[redacted]'],
];

export function redact(text: string): string {
  // The patterns first: `Authorization: Bearer <token>` would otherwise lose only the word "Bearer" to the
  // named value below (its value stops at the space) and keep the token after it.
  let result = text;
  for (const [pattern, replacement] of REDACTIONS) result = result.replace(pattern, replacement);
  return result.replace(NAMED_VALUE, (match, name: string, separator: string) =>
    SECRET_NAME.test(name) ? `${name}${separator}[redacted]` : match,
  );
}

/**
 * A JSON parse error as V8 words it quotes the text around the fault (`Unexpected token 'h', "hunter2…"
 * is not valid JSON`): keep what went wrong and where, drop what the file said.
 */
function withoutQuotedContent(message: string): string {
  // Other syntax errors (our own code's) keep their words: they quote code, not a user's file.
  if (!/\bJSON\b/.test(message)) return message;
  const quoted = message.search(/, (?:\.\.\.)?"/);
  const withoutExcerpt =
    quoted >= 0 && message.endsWith('is not valid JSON')
      ? `${message.slice(0, quoted)} (the text is not logged)`
      : message;
  return withoutExcerpt.replace(/^Unexpected token '.+?'/, 'Unexpected token');
}

interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
}

/** A zod validation error, recognised by shape so the logger needs no schema library. */
function isSchemaError(value: Error): value is Error & { issues: SchemaIssue[] } {
  return value.name === 'ZodError' && Array.isArray((value as { issues?: unknown }).issues);
}

/**
 * A validation error lists its issues as JSON in its message; an `unrecognized_keys` issue names keys
 * found in the file. Logged: each issue's code, where it is and what the schema says, no keys of the file.
 */
function describeSchemaError(error: Error & { issues: SchemaIssue[] }): string {
  const shown = error.issues.slice(0, 5).map((issue) => {
    const at = issue.path.map(String).join('.') || '(top)';
    const what = issue.code === 'unrecognized_keys' ? 'unexpected keys' : issue.message;
    return `${issue.code} at ${at}: ${what}`;
  });
  const more = error.issues.length > shown.length ? `; and ${error.issues.length - shown.length} more` : '';
  return `${error.name}: ${shown.join('; ')}${more}`;
}

function formatDetail(value: unknown): string {
  if (value instanceof Error && isSchemaError(value)) return describeSchemaError(value);
  if (value instanceof SyntaxError) {
    // The stack repeats the message on its first line; only the frames are kept.
    const frames = (value.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    return [`${value.name}: ${withoutQuotedContent(value.message)}`, ...frames].join('\n');
  }
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

type LogSink = (level: 'info' | 'warn' | 'error', line: string) => void;
let sink: LogSink | null = null;

/** Where every line also goes, already redacted (the log file, src-main/diagnostics/log-file.ts); `null`: nowhere. */
export function setLogSink(next: LogSink | null): void {
  sink = next;
}

export function createLogger(scope: string): Logger {
  // Patterns catch what looks like a key; the known secrets (any extra-header value too) are hidden by value.
  const line = (message: string, detail: unknown) =>
    redact(
      scrubKnownSecretsInText(
        detail === undefined ? `[${scope}] ${message}` : `[${scope}] ${message}: ${formatDetail(detail)}`,
      ),
    );
  const emit = (level: 'info' | 'warn' | 'error', text: string) => {
    console[level](text);
    sink?.(level, text);
  };
  return {
    info: (message, detail) => emit('info', line(message, detail)),
    warn: (message, detail) => emit('warn', line(message, detail)),
    error: (message, detail) => emit('error', line(message, detail)),
  };
}
