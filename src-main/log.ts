// Console logging for main with secrets redacted. Keys never belong in a log, even when an error
// message or a stack happens to quote a header or a request body.
const REDACTIONS: Array<[RegExp, string]> = [
  [/(bearer\s+)[^\s"',;]+/gi, '$1[redacted]'],
  [/((?:api[-_]?key|x-[a-z-]*key|authorization)["']?\s*[:=]\s*["']?)[^\s"',;]+/gi, '$1[redacted]'],
  [/\b(sk|ak|pk)-[A-Za-z0-9_-]{6,}/g, '$1-[redacted]'],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, '[redacted]'],
];

export function redact(text: string): string {
  let result = text;
  for (const [pattern, replacement] of REDACTIONS) result = result.replace(pattern, replacement);
  return result;
}

function formatDetail(value: unknown): string {
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

export function createLogger(scope: string): Logger {
  const line = (message: string, detail: unknown) =>
    redact(detail === undefined ? `[${scope}] ${message}` : `[${scope}] ${message}: ${formatDetail(detail)}`);
  return {
    info: (message, detail) => console.info(line(message, detail)),
    warn: (message, detail) => console.warn(line(message, detail)),
    error: (message, detail) => console.error(line(message, detail)),
  };
}
