// A log line's `Authorization: Bearer <token>` with a token main never stored (one a gateway or proxy
// echoed): only the log's patterns can hide it, and the name pattern must not take "Bearer" for the
// whole value and leave the token after it in the clear.
import { describe, expect, it } from 'vitest';
import { redact } from '../../../src-main/log.ts';

describe('redact', () => {
  it.each([
    'Authorization: Bearer gw-session-token-5555-PpYy',
    'authorization=Bearer gw-session-token-5555-PpYy',
    '{"Authorization": "Bearer gw-session-token-5555-PpYy"}',
    'Proxy-Authorization: Bearer gw-session-token-5555-PpYy',
  ])('hides the token of %s', (line) => {
    const redacted = redact(line);
    expect(redacted).not.toContain('gw-session-token');
    expect(redacted).not.toContain('PpYy');
    expect(redacted).toMatch(/authorization/i);
  });
});
