// Bytes → SSE messages. eventsource-parser does the framing (`\n`, `\r\n`, `\r`, comments); this layer
// adds streaming UTF-8 decoding (a character may be split between chunks) and the per-event size guard.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { type Operation, tooLargeStreamFailure } from './errors.ts';

export interface SseMessage {
  /** The `event:` field, when the server sent one. */
  event: string | undefined;
  data: string;
}

export interface SseOptions {
  /** Largest single event, in bytes. */
  maxEventBytes: number;
  operation: Operation;
}

/** Whether a message is the `[DONE]` sentinel some gateways send (the formats themselves do not). */
export function isDoneSentinel(message: SseMessage): boolean {
  return message.data.trim() === '[DONE]';
}

function exceeds(data: string, maxBytes: number): boolean {
  // Characters never outnumber UTF-8 bytes, so only long strings need the exact byte count.
  return data.length * 3 > maxBytes && Buffer.byteLength(data, 'utf8') > maxBytes;
}

/**
 * SSE messages from body chunks, one array per chunk: handing events on in batches keeps the per-event
 * cost of a long stream (tens of thousands of deltas) close to the cost of parsing them.
 */
export async function* readSseBatches(
  chunks: AsyncIterable<Uint8Array>,
  options: SseOptions,
): AsyncGenerator<SseMessage[], void, undefined> {
  const decoder = new TextDecoder('utf-8');
  let pending: SseMessage[] = [];
  let oversize = false;
  const parser = createParser({
    // The parser counts buffered characters; a character is at least one byte, so this is never tighter
    // than the byte limit, and the dispatched event is checked in bytes below.
    maxBufferSize: options.maxEventBytes,
    onEvent(message: EventSourceMessage) {
      if (oversize) return;
      if (exceeds(message.data, options.maxEventBytes)) oversize = true;
      else pending.push({ event: message.event, data: message.data });
    },
    onError(error) {
      if (error.type === 'max-buffer-size-exceeded') oversize = true;
      // Unknown fields and bad `retry:` values are ignored, as the SSE standard says.
    },
  });

  function take(): SseMessage[] {
    const batch = pending;
    pending = [];
    return batch;
  }

  for await (const chunk of chunks) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    // Events completed before an oversized one still reach the user.
    if (pending.length > 0) yield take();
    if (oversize) throw tooLargeStreamFailure('event', options.maxEventBytes, options.operation);
  }
  // End of body: flush the decoder, and dispatch a last event that lacks its closing blank line.
  parser.feed(`${decoder.decode()}\n\n`);
  if (pending.length > 0) yield take();
  if (oversize) throw tooLargeStreamFailure('event', options.maxEventBytes, options.operation);
}
