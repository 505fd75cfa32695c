// Streamed transcription (`stream=true`) through the real client. The fake gateway answers as OpenAI's
// "Transcription streaming events" reference describes (`transcript.text.delta` {delta} … one
// `transcript.text.done` {text, usage}); WIRE.md adds that some gateways buffer the events and deliver them
// all at the end, and that a gateway may ignore `stream` and answer with the usual JSON.
import { describe, expect, it } from 'vitest';
import { createExchangeRecorder } from '../../../src-main/gateway/exchange-log.ts';
import type { TranscriptionOptions } from '../../../src-preload/contract.ts';
import { fakeGatewayForFile } from './fake-gateway-suite.ts';
import { encoder, lastRequest, sseResponse, stubClient, stubFetch, wavBytes } from './helpers.ts';

const fake = fakeGatewayForFile();

const SEGMENTS = [
  'The meeting opened at nine.',
  'Budgets came first.',
  'Then the roadmap.',
  'We closed early.',
];
const STREAMED: TranscriptionOptions = { model: 'gpt-4o-transcribe', responseFormat: 'json', stream: true };
const audio = () => ({ name: 'meeting.wav', type: 'audio/wav', bytes: wavBytes(3) });

function scriptTranscript(): void {
  fake.gateway.setTranscript({ segments: SEGMENTS.map((text) => ({ text })) });
}

describe('a streamed transcription against the fake gateway', () => {
  it('hands on each piece of text in order while the answer is still arriving, and returns the done text', async () => {
    scriptTranscript();
    const delayMs = 60;
    fake.gateway.setEventDelay(delayMs);
    const started = performance.now();
    const deltas: Array<{ text: string; atMs: number; settled: boolean }> = [];
    let settled = false;
    const transcribing = fake
      .client()
      .transcribe(audio(), STREAMED, {
        onTextDelta: (text) => deltas.push({ text, atMs: performance.now() - started, settled }),
      })
      .finally(() => {
        settled = true;
      });
    const transcript = await transcribing;
    const endedAtMs = performance.now() - started;

    expect(lastRequest(fake.gateway).multipart?.fields).toMatchObject({
      model: 'gpt-4o-transcribe',
      stream: 'true',
    });
    expect(deltas.map((d) => d.text)).toEqual(SEGMENTS.map((text, i) => (i === 0 ? text : ` ${text}`)));
    // Live, not all at the end: every delta came while the call was pending, the first well before its end.
    expect(deltas.every((d) => !d.settled)).toBe(true);
    expect(endedAtMs - deltas[0]!.atMs).toBeGreaterThanOrEqual(delayMs * (SEGMENTS.length - 1) * 0.8);
    expect(transcript.text).toBe(SEGMENTS.join(' '));
    expect(transcript.format).toBe('json');
    expect(transcript.usage).toEqual({ type: 'duration', seconds: 3 });
    // The raw answer is the done event itself: what the history keeps and an export of `raw` writes.
    expect(JSON.parse(transcript.raw)).toMatchObject({ type: 'transcript.text.done', text: transcript.text });
  });

  it('records every event for the inspector, in order, with the stream content type', async () => {
    scriptTranscript();
    const recorder = createExchangeRecorder();
    await fake.client().transcribe(audio(), STREAMED, { observer: recorder.observer });
    const log = recorder.log();
    expect(log.status).toBe(200);
    expect(log.contentType).toMatch(/text\/event-stream/);
    expect(log.body).toBeNull();
    const types = log.events.map((event) => (JSON.parse(event.data) as { type: string }).type);
    expect(types).toEqual([...SEGMENTS.map(() => 'transcript.text.delta'), 'transcript.text.done']);
  });

  it('stops promptly when cancelled mid-stream, with the usual cancelled failure, and closes the request', async () => {
    scriptTranscript();
    fake.gateway.setEventDelay(1000);
    const controller = new AbortController();
    const deltas: string[] = [];
    let abortedAt = 0;
    const closed = fake.gateway.nextRequestClosed();
    const transcribing = fake.client().transcribe(audio(), STREAMED, {
      signal: controller.signal,
      onTextDelta: (text) => {
        deltas.push(text);
        abortedAt = performance.now();
        controller.abort();
      },
    });
    await expect(transcribing).rejects.toMatchObject({ code: 'aborted' });
    // Well before the next event (a second away) would have come.
    expect(performance.now() - abortedAt).toBeLessThan(500);
    expect(deltas).toEqual([SEGMENTS[0]]);
    await closed;
  });

  it('fails with the gateway’s message when an error event arrives mid-stream', async () => {
    scriptTranscript();
    fake.gateway.inject({
      match: { path: '/v1/audio/transcriptions' },
      fault: { kind: 'error-event', afterEvents: 2, message: 'upstream error: transcription overloaded' },
    });
    const deltas: string[] = [];
    const transcribing = fake
      .client()
      .transcribe(audio(), STREAMED, { onTextDelta: (text) => deltas.push(text) });
    await expect(transcribing).rejects.toMatchObject({
      message: expect.stringContaining('upstream error: transcription overloaded'),
    });
    expect(deltas).toHaveLength(2);
  });

  it('fails as an answer cut short when the stream ends without transcript.text.done', async () => {
    scriptTranscript();
    fake.gateway.inject({
      match: { path: '/v1/audio/transcriptions' },
      fault: { kind: 'cut-stream', afterEvents: 2 },
    });
    const transcribing = fake.client().transcribe(audio(), STREAMED);
    await expect(transcribing).rejects.toMatchObject({
      code: 'network',
      message: expect.stringMatching(/before the answer was complete/),
    });
  });

  it('never streams a translation (the endpoint refuses `stream`)', async () => {
    const transcript = await fake.client().translate(audio(), STREAMED);
    expect(lastRequest(fake.gateway).multipart?.fields).not.toHaveProperty('stream');
    expect(transcript.text.length).toBeGreaterThan(0);
  });
});

describe('gateways that do not stream the events one by one', () => {
  const doneEvent = {
    type: 'transcript.text.done',
    text: 'Hello there, world.',
    usage: { type: 'tokens', input_tokens: 14, output_tokens: 5, total_tokens: 19 },
  };
  const allEvents = [
    `data: ${JSON.stringify({ type: 'transcript.text.delta', delta: 'Hello there,' })}\n\n`,
    `data: ${JSON.stringify({ type: 'transcript.text.delta', delta: ' world.' })}\n\n`,
    `data: ${JSON.stringify(doneEvent)}\n\n`,
  ].join('');

  it.each([
    ['labelled as a stream', 'text/event-stream'],
    ['labelled as plain text', 'text/plain'],
  ])(
    'a buffered gateway (every event in one piece, %s) still gives the text and the deltas',
    async (_, type) => {
      const { fetch } = stubFetch(() => sseResponse([encoder.encode(allEvents)], type));
      const deltas: string[] = [];
      const transcript = await stubClient(fetch).transcribe(audio(), STREAMED, {
        onTextDelta: (text) => deltas.push(text),
      });
      expect(deltas).toEqual(['Hello there,', ' world.']);
      expect(transcript.text).toBe('Hello there, world.');
      expect(transcript.usage).toMatchObject({
        type: 'tokens',
        inputTokens: 14,
        outputTokens: 5,
        totalTokens: 19,
      });
    },
  );

  it('a gateway that ignores `stream` and answers JSON gives the usual transcript', async () => {
    const body = JSON.stringify({ text: 'Plain answer.', usage: { type: 'duration', seconds: 3 } });
    const { fetch } = stubFetch(
      () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const deltas: string[] = [];
    const transcript = await stubClient(fetch).transcribe(audio(), STREAMED, {
      onTextDelta: (text) => deltas.push(text),
    });
    expect(transcript).toMatchObject({ text: 'Plain answer.', format: 'json', raw: body });
    expect(transcript.usage).toEqual({ type: 'duration', seconds: 3 });
    expect(deltas).toEqual([]);
  });

  it('a stream that ends cleanly but without transcript.text.done is incomplete, not a transcript', async () => {
    const deltasOnly = allEvents.slice(0, allEvents.lastIndexOf('data: '));
    const { fetch } = stubFetch(() => sseResponse([encoder.encode(deltasOnly)]));
    const deltas: string[] = [];
    const transcribing = stubClient(fetch).transcribe(audio(), STREAMED, {
      onTextDelta: (t) => deltas.push(t),
    });
    await expect(transcribing).rejects.toMatchObject({ code: 'network' });
    expect(deltas).toEqual(['Hello there,', ' world.']);
  });

  it('an error event in a buffered answer is the call’s failure, not an empty transcript', async () => {
    const error = {
      type: 'error',
      error: { message: 'audio could not be decoded', type: 'invalid_request_error' },
    };
    const { fetch } = stubFetch(() => sseResponse([encoder.encode(`data: ${JSON.stringify(error)}\n\n`)]));
    await expect(stubClient(fetch).transcribe(audio(), STREAMED)).rejects.toMatchObject({
      message: expect.stringContaining('audio could not be decoded'),
    });
  });
});
