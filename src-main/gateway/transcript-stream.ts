// A streamed transcription (`stream=true`) read into the same `Transcript` a plain answer gives, with the
// text handed on as it arrives. The events, per OpenAI's "Transcription streaming events" reference
// (https://developers.openai.com/api/reference/resources/audio/subresources/transcriptions/streaming-events):
// `transcript.text.delta` {delta, logprobs?} for each new piece of text, then one `transcript.text.done`
// {text, logprobs?, usage?} with the whole text and what was billed. `transcript.text.segment` (diarized
// answers) and `logprobs` are not used here. WIRE.md: some gateways buffer the stream and deliver every
// event at the end, which reads the same way, only later.
import type { Transcript } from '../../src-preload/contract.ts';
import { failureFromErrorObject, malformedFailure, networkFailure, type Operation } from './errors.ts';
import { parseJsonData, SKIP } from './event-stream.ts';
import { isRecord } from './json.ts';
import { readSseBatches, type SseMessage } from './sse.ts';
import { normaliseTranscript } from './transcript.ts';
import { words } from './words.ts';

export interface TranscriptStreamOptions {
  maxEventBytes: number;
  operation: Operation;
  /** Each piece of text, in the order the gateway sent it. */
  onTextDelta?: ((text: string) => void) | undefined;
  /** Sees each message as received (the inspector's event log). */
  onMessage?: ((message: SseMessage) => void) | undefined;
}

/** Whether an answer is a stream of events: by its content type, or (a relay that mislabels it) its first line. */
export function isEventStreamAnswer(contentType: string | null, head = ''): boolean {
  if (contentType !== null && /event-stream/i.test(contentType)) return true;
  return /^\s*(data|event):/.test(head);
}

/**
 * What one message means: a piece of text, the finished transcript, or nothing (keep-alives, events this
 * client does not use). An error event, or a bare `{error}` object, throws the gateway's failure.
 */
export function readTranscriptMessage(
  message: SseMessage,
  operation: Operation,
): { delta: string } | { done: Transcript } | undefined {
  const payload = parseJsonData(message, operation);
  if (payload === SKIP) {
    // A plain-text event named `error` is the gateway's last word; other text is a keep-alive (or `[DONE]`,
    // which upstream does not send: without `transcript.text.done` the stream ends incomplete).
    if (message.event === 'error')
      throw failureFromErrorObject({ error: { message: message.data } }, operation);
    return undefined;
  }
  if (!isRecord(payload)) throw malformedFailure(words('malformed.eventNotObject'), operation);
  const type = typeof payload.type === 'string' ? payload.type : message.event;
  if (type === 'error' || (type === undefined && isRecord(payload.error)))
    throw failureFromErrorObject(payload, operation);
  if (type === 'transcript.text.delta') {
    return typeof payload.delta === 'string' && payload.delta !== '' ? { delta: payload.delta } : undefined;
  }
  if (type === 'transcript.text.done') {
    if (typeof payload.text !== 'string')
      throw malformedFailure(words('malformed.transcriptNoText'), operation);
    // The done event is a `json` transcript ({text, usage}); its JSON is what the history keeps as raw.
    return { done: normaliseTranscript(message.data, 'json', 'application/json', operation) };
  }
  return undefined;
}

/**
 * The transcript of a streamed answer. Rejects with the gateway's error for an error event, and as an
 * answer cut short when the body ends before `transcript.text.done`. The caller closes the exchange.
 */
export async function readTranscriptStream(
  chunks: AsyncIterable<Uint8Array>,
  options: TranscriptStreamOptions,
): Promise<Transcript> {
  const { operation, onTextDelta, onMessage } = options;
  for await (const messages of readSseBatches(chunks, options)) {
    for (const message of messages) {
      onMessage?.(message);
      const meaning = readTranscriptMessage(message, operation);
      if (meaning === undefined) continue;
      if ('done' in meaning) return meaning.done;
      onTextDelta?.(meaning.delta);
    }
  }
  // The text so far was shown live, but it is not the transcript: the answer is incomplete.
  throw networkFailure(undefined, operation, true, false);
}

/** The transcript of a whole stream read at once: a relay that buffered the events and labelled them as text. */
export function transcriptFromEventText(text: string, options: TranscriptStreamOptions): Promise<Transcript> {
  async function* whole(): AsyncGenerator<Uint8Array> {
    yield new TextEncoder().encode(text);
  }
  return readTranscriptStream(whole(), options);
}
