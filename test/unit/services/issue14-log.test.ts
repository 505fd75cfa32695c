// Issue 14, item 20: redaction takes time in proportion to the text, and a parse error never carries
// the content of the file it was parsing into the log.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createLogger, redact } from '../../../src-main/log.ts';
import { createConversationStore } from '../../../src-main/services/conversation-store.ts';

const SECRET = 'hunter2-private-notes';

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe('redaction is linear', () => {
  // Each input once defeated a pattern that re-scanned the rest of the text from every position.
  it.each([
    ['x-x-x-…', 'x-'.repeat(50_000)],
    ['x-x-…key', `${'x-'.repeat(50_000)}key`],
    ['a word with no end', 'a'.repeat(100_000)],
    ['api-key then spaces', `api-key${' '.repeat(100_000)}`],
    ['key key key …', 'key '.repeat(25_000)],
    ['bearer then spaces', `bearer${' '.repeat(100_000)}"`],
    ['sk-sk-…', 'sk-'.repeat(33_000)],
    ['authorization:authorization:…', 'authorization:'.repeat(7_000)],
  ])('redacts 100 KB of %s quickly', (_label, text) => {
    redact('warm-up x-api-key: abc');
    expect(timed(() => redact(text))).toBeLessThan(500);
  });

  it('still redacts what it redacted before', () => {
    const cases: Array<[string, string]> = [
      ['Authorization: Bearer sk-abcdef123456', 'sk-abcdef123456'],
      ['{"apiKey":"zz-secret-value"}', 'zz-secret-value'],
      ['x-vendor-api-key: vv-secret-value', 'vv-secret-value'],
      ['x-goog-api-key=gg-secret-value', 'gg-secret-value'],
      ["api_key='qq-secret-value'", 'qq-secret-value'],
      ['openai_api_key=oo-secret-value', 'oo-secret-value'],
      ['headers: { authorization: "aa-secret-value" }', 'aa-secret-value'],
      ['X-API-KEY : uu-secret-value', 'uu-secret-value'],
      ['the key is sk-proj-abcdefgh in text', 'sk-proj-abcdefgh'],
      ['AIzaSyA1234567890abcdefghijk', 'AIzaSyA1234567890abcdefghijk'],
    ];
    for (const [text, secret] of cases) {
      const out = redact(text);
      expect(out, text).not.toContain(secret);
      expect(out, text).toContain('[redacted]');
    }
    expect(redact('x-request-id: abc123, monkey business')).toBe('x-request-id: abc123, monkey business');
  });
});

describe('parse errors in the log carry no content', () => {
  let lines: string[];
  beforeEach(() => {
    lines = [];
    for (const level of ['info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());

  const parseError = (text: string): unknown => {
    try {
      JSON.parse(text);
    } catch (error) {
      return error;
    }
    throw new Error('expected a parse error');
  };

  it.each([`${SECRET} and more`, `{"notes": ${SECRET}}`, `{"a": 1} ${SECRET}`, `{"a": "${SECRET}`])(
    'logging the JSON.parse error of %j',
    (text) => {
      createLogger('test').warn('settings could not be read', parseError(text));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('settings could not be read');
      expect(lines[0]).toContain('SyntaxError');
      expect(lines[0]).not.toMatch(/hunter|private|notes/);
    },
  );

  it('a damaged conversation file is logged as damaged, without its text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-log-'));
    try {
      const folder = join(dir, 'conversations');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'broken.json'), `{"version": 1, "conversation": ${SECRET}}`);
      const store = createConversationStore({ directory: folder });
      await store.indexSettled();
      const listed = await store.list();
      expect(listed.movedAside).toBe(1);
      expect(lines.join('\n')).toContain('broken');
      expect(lines.join('\n')).not.toMatch(/hunter|private|notes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('syntax errors that are not about a file', () => {
  it('keep their words', () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    try {
      createLogger('test').error('failed', new SyntaxError("Unexpected token 'export'"));
    } finally {
      spy.mockRestore();
    }
    expect(lines[0]).toContain("Unexpected token 'export'");
  });
});

describe('validation errors in the log carry no content', () => {
  it('keeps codes and places, drops the keys a file had', () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    const result = z
      .object({ a: z.number(), b: z.enum(['x']) })
      .strict()
      .safeParse({ a: SECRET, b: SECRET, [SECRET]: 1 });
    try {
      createLogger('test').warn('transcript could not be read', result.error);
    } finally {
      spy.mockRestore();
    }
    expect(lines[0]).toContain('ZodError');
    expect(lines[0]).toContain('invalid_type at a');
    expect(lines[0]).toContain('unrecognized_keys');
    expect(lines[0]).not.toMatch(/hunter|private|notes/);
  });
});
