import { describe, expect, it } from 'vitest';
import { scrubSecret } from '../../../src-main/services/secret-shield.ts';

const KEY = 'sk-shield-secret-123';

describe('scrubSecret', () => {
  it('replaces the key wherever it sits in nested strings', () => {
    const value = { error: { message: `bad key ${KEY}`, list: ['a', `Bearer ${KEY}`] }, n: 3 };
    expect(scrubSecret(value, KEY)).toEqual({
      error: { message: 'bad key [key hidden]', list: ['a', 'Bearer [key hidden]'] },
      n: 3,
    });
    expect(value.error.message).toContain(KEY); // the input is not mutated
  });

  it('returns the very same object when there is nothing to hide (no copy per streamed token)', () => {
    const event = { type: 'text-delta', text: 'hello' };
    expect(scrubSecret(event, KEY)).toBe(event);
    const nested = { data: { output: [{ text: 'fine' }] } };
    expect(scrubSecret(nested, KEY)).toBe(nested);
  });

  it('leaves too-short "keys" alone rather than blotting out ordinary words', () => {
    expect(scrubSecret('the cat', 'cat')).toBe('the cat');
  });
});
