// The end of a streamed text that the markdown view reads (text-tail.ts): told what each update appended,
// it never reads the whole text; told nothing, or something that does not fit, it reads it once.
import { describe, expect, it } from 'vitest';
import { TextTail } from '../../../src-renderer/src/markdown/text-tail.ts';

const never = () => {
  throw new Error('the whole text was read');
};

describe('the end of a streamed text', () => {
  it('grows by what each update appended, without reading the whole text', () => {
    const tail = new TextTail();
    expect(tail.follow('Hello', { at: 0, text: 'Hello' }, never)).toBe(true);
    expect(tail.follow('Hello, world', { at: 5, text: ', world' }, never)).toBe(true);
    tail.drop(7);
    expect(tail).toMatchObject({ base: 7, text: 'world', end: 12 });
    expect(tail.follow('Hello, world!', { at: 12, text: '!' }, never)).toBe(true);
    expect(tail.text).toBe('world!');
  });

  it('takes a render without a new update as it is, even once the split moved past what was appended', () => {
    const tail = new TextTail();
    const first = { at: 0, text: 'Para one' };
    tail.follow('Para one', first, never);
    // The store hands the same `appended` until the next batch with text.
    const second = { at: 8, text: ' end\n\nPara two\n\nThree\n' };
    const whole = `Para one${second.text}`;
    expect(tail.follow(whole, second, never)).toBe(true);
    const version = tail.version;
    tail.drop(24);
    expect(tail.follow(whole, second, never)).toBe(true);
    expect(tail).toMatchObject({ base: 24, text: 'Three\n', version });
  });

  it('reads the whole text once when updates were missed or no hint came', () => {
    const tail = new TextTail();
    tail.follow('one', { at: 0, text: 'one' }, never);
    // Two updates folded before one render: the hint covers only the last.
    let asked = 0;
    const continues = () => {
      asked++;
      return true;
    };
    expect(tail.follow('one two three', { at: 7, text: ' three' }, continues)).toBe(true);
    expect(tail.text).toBe('one two three');
    expect(tail.follow('one two three, saved', null, continues)).toBe(true);
    expect(tail.text).toBe('one two three, saved');
    expect(asked).toBe(2);
  });

  it('says so when the text is not a continuation, or shorter than what was dropped', () => {
    const tail = new TextTail();
    tail.follow('first reply', { at: 0, text: 'first reply' }, never);
    expect(tail.follow('another', { at: 0, text: 'another' }, () => false)).toBe(false);
    tail.drop(6);
    expect(tail.follow('abc', null, () => true)).toBe(false);
  });
});
