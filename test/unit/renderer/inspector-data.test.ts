import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import type { RawStreamEvent } from '../../../src-preload/contract.ts';
import {
  clipText,
  codeLines,
  countLines,
  eventsAsSse,
  formatOffset,
  httpStatusLabel,
  omissionIndex,
  prettyJson,
  shortEventType,
  summariseEvent,
} from '../../../src-renderer/src/panels/playground/inspector/inspect-data.ts';

// Events shaped as the gateway sends them (WIRE.md): Responses with `event:` and a numbered `type`,
// content generation as bare `data:` chunks.
function responsesEvent(
  sequence: number,
  type: string,
  fields: Record<string, unknown>,
  atMs = sequence * 10,
) {
  return {
    atMs,
    event: type,
    data: JSON.stringify({ type, sequence_number: sequence, ...fields }),
  } satisfies RawStreamEvent;
}

function contentChunk(atMs: number, chunk: unknown): RawStreamEvent {
  return { atMs, data: JSON.stringify(chunk) };
}

describe('bodies shown pretty', () => {
  it('indents a JSON object by two spaces and says it is JSON', () => {
    const shown = prettyJson('{"model":"gpt-5-mini","input":[{"role":"user","content":"hi"}]}');
    expect(shown.isJson).toBe(true);
    expect(shown.text).toBe(
      '{\n  "model": "gpt-5-mini",\n  "input": [\n    {\n      "role": "user",\n      "content": "hi"\n    }\n  ]\n}',
    );
  });

  it('shows a body that is not JSON, or was cut mid-way, exactly as it came', () => {
    expect(prettyJson('upstream error: bad gateway')).toEqual({
      text: 'upstream error: bad gateway',
      isJson: false,
    });
    const cut = '{"output":[{"type":"message","content":[{"text":"Hel';
    expect(prettyJson(cut)).toEqual({ text: cut, isJson: false });
  });

  it('leaves a bare JSON string or number alone', () => {
    expect(prettyJson('"just text"')).toEqual({ text: '"just text"', isJson: false });
    expect(prettyJson('42')).toEqual({ text: '42', isJson: false });
  });
});

describe("a code block's lines", () => {
  it('gives each line with its line break and the columns its leading whitespace takes', () => {
    const text = prettyJson('{"input":[{"role":"user","content":"hi"}]}').text;
    expect(codeLines(text, 2, 300)).toEqual([
      { text: '{\n', indent: 0 },
      { text: '  "input": [\n', indent: 2 },
      { text: '    {\n', indent: 4 },
      { text: '      "role": "user",\n', indent: 6 },
      { text: '      "content": "hi"\n', indent: 6 },
      { text: '    }\n', indent: 4 },
      { text: '  ]\n', indent: 2 },
      { text: '}', indent: 0 },
    ]);
  });

  it('takes a tab to the next tab stop, and keeps empty and blank lines', () => {
    expect(codeLines('\tdata: x\n \ty\n\n  \nend\n', 2, 300)).toEqual([
      { text: '\tdata: x\n', indent: 2 },
      { text: ' \ty\n', indent: 2 },
      { text: '\n', indent: 0 },
      { text: '  \n', indent: 2 },
      { text: 'end\n', indent: 0 },
    ]);
    expect(codeLines('   \tz', 4, 300)).toEqual([{ text: '   \tz', indent: 4 }]);
  });

  it('joined, the lines are the text exactly; an empty text has none', () => {
    for (const text of ['a\nb', 'a\n\nb\n', '\n', ' x \r\n\ty', '\n\n']) {
      expect(
        codeLines(text, 2, 300)
          ?.map((line) => line.text)
          .join(''),
      ).toBe(text);
    }
    expect(codeLines('', 2, 300)).toEqual([]);
  });

  it('gives no lines past the most asked for; a final line break makes no line of its own', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index}`).join('\n');
    expect(codeLines(lines(3), 2, 3)).toHaveLength(3);
    expect(codeLines(`${lines(3)}\n`, 2, 3)).toHaveLength(3);
    expect(codeLines(lines(4), 2, 3)).toBeNull();
  });
});

describe('long text clipped at first', () => {
  it('shows the first lines of a long text and counts them all', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join('\n');
    const clipped = clipText(text, 2000, 1_000_000);
    expect(clipped.clipped).toBe(true);
    expect(clipped.totalLines).toBe(5000);
    expect(countLines(clipped.text)).toBe(2000);
    expect(clipped.text.endsWith('line 2000')).toBe(true);
  });

  it('clips one enormous line by characters', () => {
    const text = 'x'.repeat(1_000_000);
    const clipped = clipText(text, 2000, 150_000);
    expect(clipped.clipped).toBe(true);
    expect(clipped.text.length).toBe(150_000);
    expect(clipped.totalLines).toBe(1);
  });

  it('shows a text within both limits whole', () => {
    const text = 'a\nb\nc';
    expect(clipText(text, 3, 100)).toEqual({ text, totalLines: 3, clipped: false });
    expect(clipText('a\nb\nc\n', 3, 100).clipped).toBe(false);
  });
});

describe('one line per streamed event', () => {
  it('names a Responses event by its type and shows a delta as the text it carries', () => {
    const summary = summariseEvent(
      responsesEvent(7, 'response.output_text.delta', { item_id: 'msg_1', delta: 'Hello,\nworld "x"' }),
    );
    expect(summary.label).toBe('response.output_text.delta');
    expect(summary.isDelta).toBe(true);
    expect(summary.preview).toBe('"Hello,\\nworld \\"x\\""');
  });

  it('counts reasoning summary deltas as deltas, and the final event not', () => {
    expect(
      summariseEvent(responsesEvent(3, 'response.reasoning_summary_text.delta', { delta: 'hm' })).isDelta,
    ).toBe(true);
    const completed = summariseEvent(
      responsesEvent(90, 'response.completed', { response: { id: 'resp_1', status: 'completed' } }),
    );
    expect(completed).toMatchObject({ label: 'response.completed', isDelta: false, isError: false });
    // The type and number are in their own columns; the preview starts with what the event carries.
    expect(completed.preview).toBe('{"response":{"id":"resp_1","status":"completed"}}');
  });

  it('shows Responses types without their common `response.` prefix, other types whole', () => {
    expect(shortEventType('response.output_text.delta')).toBe('output_text.delta');
    expect(shortEventType('response.completed')).toBe('completed');
    expect(shortEventType('error')).toBe('error');
    expect(shortEventType('finish · STOP')).toBe('finish · STOP');
  });

  it('takes the type from the JSON when there was no event: line, and marks failures', () => {
    const failed = summariseEvent({
      atMs: 5,
      data: JSON.stringify({ type: 'response.failed', response: {} }),
    });
    expect(failed).toMatchObject({ label: 'response.failed', isError: true });
    expect(
      summariseEvent({ atMs: 5, event: 'error', data: '{"type":"error","message":"boom"}' }).isError,
    ).toBe(true);
  });

  it('says what a content-generation chunk carries: text, thought, the finish, an error', () => {
    const text = summariseEvent(
      contentChunk(10, { candidates: [{ content: { role: 'model', parts: [{ text: 'Bonjour' }] } }] }),
    );
    expect(text).toEqual({ label: 'text', isDelta: true, preview: '"Bonjour"', isError: false });

    const thought = summariseEvent(
      contentChunk(10, { candidates: [{ content: { parts: [{ text: 'Let me see', thought: true }] } }] }),
    );
    expect(thought).toMatchObject({ label: 'thought', isDelta: true });

    const finish = summariseEvent(
      contentChunk(99, {
        candidates: [{ content: { parts: [{ text: '.' }] }, finishReason: 'STOP' }],
        usageMetadata: { totalTokenCount: 12 },
      }),
    );
    // The last chunk's own words are worth seeing too.
    expect(finish).toMatchObject({ label: 'finish · STOP', isDelta: false, preview: '"."' });
    const bareFinish = summariseEvent(contentChunk(99, { candidates: [{ finishReason: 'MAX_TOKENS' }] }));
    expect(bareFinish.preview).toBe('{"candidates":[{"finishReason":"MAX_TOKENS"}]}');

    const error = summariseEvent(contentChunk(50, { error: { code: 500, message: 'upstream' } }));
    expect(error).toMatchObject({ label: 'error', isError: true });

    const blocked = summariseEvent(contentChunk(5, { promptFeedback: { blockReason: 'SAFETY' } }));
    expect(blocked).toMatchObject({ label: 'blocked · SAFETY', isError: true });
  });

  it('shows [DONE] and data that is not JSON as they came, on one line', () => {
    expect(summariseEvent({ atMs: 1, data: '[DONE]' })).toMatchObject({ label: '[DONE]', isDelta: false });
    const odd = summariseEvent({ atMs: 1, data: 'first line\nsecond line' });
    expect(odd).toMatchObject({ label: 'data', preview: 'first line second line' });
  });

  it('cuts a long preview, saying so with an ellipsis', () => {
    const summary = summariseEvent(responsesEvent(1, 'response.created', { padding: 'z'.repeat(5000) }));
    expect(summary.preview.length).toBeLessThanOrEqual(241);
    expect(summary.preview.endsWith('…')).toBe(true);
  });

  it('reads times from the request as milliseconds in one unit', () => {
    expect(formatOffset(0)).toBe('+0 ms');
    expect(formatOffset(412.4)).toBe('+412 ms');
    expect(formatOffset(12_345.6)).toBe('+12,346 ms');
  });
});

describe('where the events not kept were', () => {
  it('is nowhere when none were left out', () => {
    const events = [responsesEvent(0, 'response.created', {}), responsesEvent(1, 'response.completed', {})];
    expect(omissionIndex(events, 0)).toBe(-1);
  });

  it('is where the Responses sequence numbers jump', () => {
    const events = [
      ...Array.from({ length: 30 }, (_, i) =>
        responsesEvent(i, 'response.output_text.delta', { delta: 'a' }),
      ),
      ...Array.from({ length: 70 }, (_, i) =>
        responsesEvent(5000 + i, 'response.output_text.delta', { delta: 'b' }),
      ),
    ];
    expect(omissionIndex(events, 4970)).toBe(30);
  });

  it('is the middle of a stream that does not number its events', () => {
    const events = Array.from({ length: 1000 }, (_, i) =>
      contentChunk(i, { candidates: [{ content: { parts: [{ text: 'x' }] } }] }),
    );
    expect(omissionIndex(events, 23_412)).toBe(500);
  });
});

describe('the log copied as server-sent events', () => {
  it('parses back into the same events, with the gap as a comment', () => {
    const events: RawStreamEvent[] = [
      responsesEvent(0, 'response.created', { response: { id: 'r' } }),
      responsesEvent(1, 'response.output_text.delta', { delta: 'multi\nline' }),
      { atMs: 30, data: 'line one\nline two' },
      responsesEvent(900, 'response.completed', { response: { status: 'completed' } }),
    ];
    const text = eventsAsSse(events, 898);
    expect(text).toContain(': … 898 events not kept …\n\n');
    expect(text.indexOf('events not kept')).toBeGreaterThan(text.indexOf('line two'));
    expect(text.indexOf('events not kept')).toBeLessThan(text.indexOf('response.completed'));

    const parsed: Array<{ event?: string; data: string }> = [];
    const comments: string[] = [];
    const parser = createParser({
      onEvent: (message) => parsed.push({ event: message.event, data: message.data }),
      onComment: (comment) => comments.push(comment),
    });
    parser.feed(text);
    expect(parsed).toEqual(events.map(({ event, data }) => ({ event, data })));
    expect(comments.map((c) => c.trim())).toEqual(['… 898 events not kept …']);
  });

  it('writes no comment when nothing was left out', () => {
    expect(eventsAsSse([{ atMs: 0, data: '{}' }], 0)).toBe('data: {}\n\n');
  });
});

describe('HTTP status', () => {
  it('reads as code and reason for the common ones, the bare code otherwise', () => {
    expect(httpStatusLabel(200)).toBe('200 OK');
    expect(httpStatusLabel(429)).toBe('429 Too Many Requests');
    expect(httpStatusLabel(599)).toBe('599');
  });
});
