// The one rule for joining the parts of a Responses answer (issue 14, items 26 and 27): messages and
// reasoning parts set apart by a blank line, parts named by their indexes, the same whole and streamed.
import { describe, expect, it } from 'vitest';
import {
  PART_SEPARATOR,
  PartJoiner,
  partPlaceOf,
  responseOutputText,
  responseReasoningText,
} from '../../../src-main/gateway/responses-output.ts';
import { collect, encoder, sseResponse, stubClient, stubFetch, textOf } from './helpers.ts';

const message = (...texts: string[]) => ({
  type: 'message',
  role: 'assistant',
  content: texts.map((text) => ({ type: 'output_text', text })),
});

describe('a whole response', () => {
  it('sets messages apart by a blank line and keeps the parts of one message together', () => {
    const response = { output: [message('Let me ', 'summarize.'), message('Here are a few…')] };
    expect(responseOutputText(response)).toBe('Let me summarize.\n\nHere are a few…');
    expect(PART_SEPARATOR).toBe('\n\n');
  });

  it('reads refusals as text, skips empty parts and other items without adding separators', () => {
    const response = {
      output: [
        message(''),
        { type: 'function_call', name: 'f', arguments: '{}' },
        { type: 'message', content: [{ type: 'refusal', refusal: 'I cannot help with that.' }] },
        message('', 'Anything else?'),
      ],
    };
    expect(responseOutputText(response)).toBe('I cannot help with that.\n\nAnything else?');
  });

  it('falls back to `output_text` only when no message part has text', () => {
    expect(responseOutputText({ output: [], output_text: 'convenience' })).toBe('convenience');
    expect(responseOutputText({ output: [message('real')], output_text: 'other' })).toBe('real');
  });

  it('sets every reasoning part apart, summary and raw text, across items', () => {
    const response = {
      output: [
        { type: 'reasoning', summary: [{ text: 'One.' }, { text: 'Two.' }], content: [{ text: 'Raw.' }] },
        message('Answer'),
        { type: 'reasoning', summary: [{ text: 'Three.' }] },
      ],
    };
    expect(responseReasoningText(response)).toBe('One.\n\nTwo.\n\nRaw.\n\nThree.');
  });
});

describe('streamed parts', () => {
  it('names a part by output_index and its part index, whatever its item_id', () => {
    expect(partPlaceOf({ item_id: 'a', output_index: 2, content_index: 0 }, 'content_index')).toEqual(
      partPlaceOf({ item_id: 'b', output_index: 2, content_index: 0 }, 'content_index'),
    );
    expect(partPlaceOf({ item_id: 'a', output_index: 1, summary_index: 1 }, 'summary_index')).not.toEqual(
      partPlaceOf({ item_id: 'a', output_index: 1, summary_index: 0 }, 'summary_index'),
    );
    // Only without an index does the id tell items apart.
    expect(partPlaceOf({ item_id: 'a' }, 'content_index')).not.toEqual(
      partPlaceOf({ item_id: 'b' }, 'content_index'),
    );
  });

  it('gives, piece by piece, exactly what the whole response reads as', () => {
    const response = {
      output: [
        { type: 'reasoning', summary: [{ text: 'Plan A.' }, { text: 'Plan B.' }] },
        message('Intro', ' part two'),
        message('Body'),
      ],
    };
    const text = new PartJoiner('text');
    const reasoning = new PartJoiner('reasoning');
    const place = (item: number, field: 'content_index' | 'summary_index', index: number) =>
      partPlaceOf({ output_index: item, [field]: index }, field);
    const streamedReasoning =
      reasoning.next(place(0, 'summary_index', 0), 'Plan ') +
      reasoning.next(place(0, 'summary_index', 0), 'A.') +
      reasoning.next(place(0, 'summary_index', 1), 'Plan B.');
    const streamedText =
      text.next(place(1, 'content_index', 0), 'Intro') +
      text.next(place(1, 'content_index', 1), ' part two') +
      text.next(place(2, 'content_index', 0), 'Bo') +
      text.next(place(2, 'content_index', 0), 'dy');
    expect(streamedReasoning).toBe(responseReasoningText(response));
    expect(streamedText).toBe(responseOutputText(response));
  });
});

describe('the non-streamed call', () => {
  it('reads several messages the same as the streamed call', async () => {
    const body = {
      id: 'r',
      status: 'completed',
      output: [message('Let me summarize.'), message('Here are a few points.')],
    };
    const { fetch } = stubFetch(() =>
      sseResponse([encoder.encode(JSON.stringify(body))], 'application/json'),
    );
    const client = stubClient(fetch);
    const whole = await client.responses({ model: 'm', input: 'hi' });
    const streamed = await collect(client.streamResponses({ model: 'm', input: 'hi' }));
    expect(whole.text).toBe(textOf(streamed));
  });
});
