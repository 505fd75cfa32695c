// A streamed reply is held back at its edge only as far as a secret could begin there. Holding back the
// length of the longest secret (a 1,244-character JWT in a header) made every reply lag ~1,200 characters
// behind the gateway, and rescanned all of that on every token.
import { describe, expect, it } from 'vitest';
import { compileSecrets } from '../../../src-main/services/secret-matcher.ts';
import { HeldText } from '../../../src-main/services/secret-scrub.ts';

/** A JWT-like value of `length` characters, fixed pseudo-random, with an all-lowercase stretch in it
 * (such a value is also looked for whole, as a token: secret-matcher.ts). */
function longToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let seed = 12345;
  let text = 'eyJhbGciOiJSUzI1NiJ9.';
  while (text.length < length - 12) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    text += alphabet[seed % alphabet.length];
  }
  return `${text}.signaturexyz`.slice(0, length);
}

const JWT = longToken(1244);
const KEY = 'sk-proj-Q7v2Lm9XcT4rWb8Nz1Kd6Hs3Jf0Pa5Ye';
const SHORT = 'Ab12cd'; // hidden only whole

const ORDINARY =
  'The first answer arrives in pieces, and every piece should be on the screen a moment after the ' +
  'gateway sends it, not a thousand characters later. Nothing here is a secret at all.';

describe('the held-back edge of a streamed text', () => {
  it('with a 1,244-character secret configured, ordinary text lags at most 7 characters', () => {
    const held = new HeldText(compileSecrets([JWT, KEY, SHORT]));
    let shown = '';
    let sent = '';
    for (const token of ORDINARY.match(/.{1,4}/gs) ?? []) {
      sent += token;
      shown += held.push(token);
      expect(sent.length - shown.length).toBeLessThanOrEqual(7);
      expect(sent.startsWith(shown)).toBe(true);
    }
    expect(shown + held.flush()).toBe(ORDINARY);
  });

  it('shows a first token at once when its end cannot begin a secret, and holds one that can', () => {
    // Holding any 7 characters made a short first token ("Hello") wait for the next ones to arrive.
    const held = new HeldText(compileSecrets(['sk-live-4f9a8b7c6d5e']));
    expect(held.push('Hello')).toBe('Hello');
    expect(held.push(', my key is sk-li')).toBe(', my key is ');
    expect(held.push('ve-4f9a8b7c6d5e.')).toBe('[key hidden].');
    // Split across pieces as small as they come, the key is still caught whole.
    const split = new HeldText(compileSecrets(['sk-live-4f9a8b7c6d5e']));
    let shown = '';
    for (const piece of 'a sk-live-4f9a8b7c6d5e b'.split('')) shown += split.push(piece);
    expect(shown + split.flush()).toBe('a [key hidden] b');
  });

  it('still hides a long whole-match secret and a short one split across many deltas', () => {
    const text = `before ${JWT} middle ${SHORT} after`;
    for (const size of [1, 3, 50, 700]) {
      const held = new HeldText(compileSecrets([JWT, KEY, SHORT]));
      let shown = '';
      for (const token of text.match(new RegExp(`.{1,${size}}`, 'gs')) ?? []) shown += held.push(token);
      shown += held.flush();
      expect(shown, `deltas of ${size}`).toBe('before [key hidden] middle [key hidden] after');
    }
  });

  it('holds back a tail that could begin the short secret, and lets it go once it cannot', () => {
    const held = new HeldText(compileSecrets([SHORT]));
    expect(held.push('see Ab1')).toBe('see ');
    expect(held.push('2cd.')).toBe('[key hidden].');
    expect(held.push(' Ab1')).toBe(' ');
    // `Ab1x` is not the token `Ab12cd`; with no longer secret to wait for, nothing is held.
    expect(held.push('x and more')).toBe('Ab1x and more');
  });
});
