import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../../src-main/app-origin.ts';
import {
  CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY_META,
  devContentSecurityPolicy,
} from '../../../src-main/csp.ts';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe('the Content Security Policy', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it('is exactly the agreed policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "media-src 'self' blob:; connect-src 'self' blob:; font-src 'self' data:; object-src 'none'; " +
        "frame-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('allows only our own scripts: no inline, no eval, no remote', () => {
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('lets the renderer connect nowhere but itself (the main process makes every gateway call)', () => {
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:']);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|wss?:|\*/);
  });

  it('plays media from our origin and blobs only', () => {
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
  });

  it('forbids plugins, base rewriting, form posts and framing', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('leaves header-only directives out of the meta form and keeps the rest identical', () => {
    expect(CONTENT_SECURITY_POLICY_META).not.toContain('frame-ancestors');
    expect(`${CONTENT_SECURITY_POLICY_META}; frame-ancestors 'none'`).toBe(CONTENT_SECURITY_POLICY);
  });

  it("matches the meta tag in the renderer's index.html", () => {
    const html = readFileSync(join(import.meta.dirname, '../../../src-renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY_META);
  });
});

describe('the dev-server policy', () => {
  const dev = directives(devContentSecurityPolicy('http://localhost:5173/'));

  it('adds the dev server and its HMR websocket', () => {
    expect(dev.get('script-src')).toContain('http://localhost:5173');
    expect(dev.get('connect-src')).toEqual(
      expect.arrayContaining(['http://localhost:5173', 'ws://localhost:5173']),
    );
  });

  it('lets the dev page play media from the app protocol', () => {
    expect(dev.get('media-src')).toContain(APP_ORIGIN);
  });

  it('keeps the hard limits', () => {
    expect(dev.get('object-src')).toEqual(["'none'"]);
    expect(dev.get('frame-ancestors')).toEqual(["'none'"]);
    expect(dev.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('falls back to the production policy for a non-loopback URL', () => {
    expect(devContentSecurityPolicy('https://evil.example.com')).toBe(CONTENT_SECURITY_POLICY);
  });
});
