import { describe, expect, it } from 'vitest';
import { PREVIEW_LENGTH, previewOf } from '../../../src-main/services/preview.ts';

describe('previewOf', () => {
  it('keeps a short text whole, on one line', () => {
    expect(previewOf('  Hello,\n\n  world ')).toBe('Hello, world');
  });

  it('cuts a long text at a word boundary with an ellipsis', () => {
    const preview = previewOf('word '.repeat(1000));
    expect(preview.endsWith('word…')).toBe(true);
    expect([...preview].length).toBeLessThanOrEqual(PREVIEW_LENGTH + 1);
  });

  it('reads past long runs of white space at the start to find the words', () => {
    const text = `${' '.repeat(5000)}${'\n'.repeat(3000)}The answer begins here and goes on. ${'more '.repeat(100)}`;
    expect(previewOf(text).startsWith('The answer begins here')).toBe(true);
    expect(previewOf(text).endsWith('…')).toBe(true);
  });

  it('a text whose words end after white space is not cut', () => {
    expect(previewOf(`${' '.repeat(2000)}short`)).toBe('short');
  });

  it('never splits a character outside the BMP', () => {
    const preview = previewOf('😀'.repeat(400));
    expect(preview).toBe(`${'😀'.repeat(PREVIEW_LENGTH)}…`);
  });
});
