// Responses-format SSE (`event: <type>` + `data: <json>`) → normalised stream events.
// Dispatches on the JSON `type` (the `event:` line only when `type` is missing); unknown types are ignored.
import type { StreamEvent } from '../../src-preload/contract.ts';
import { failureFromErrorObject, malformedFailure, networkFailure, type Operation } from './errors.ts';
import { errorEvent, parseJsonData, type StreamNormaliser } from './event-stream.ts';
import { isRecord } from './json.ts';
import { chatResultFromResponse, outputTextOf, reasoningTextOf, usageFromResponses } from './responses.ts';
import { isDoneSentinel, type SseMessage } from './sse.ts';
import type { ChatResult } from './types.ts';

const TEXT_DELTAS = new Set(['response.output_text.delta', 'response.refusal.delta']);
const REASONING_DELTAS = new Set(['response.reasoning_summary_text.delta', 'response.reasoning_text.delta']);

export function createResponsesNormaliser(operation: Operation = 'responses'): StreamNormaliser {
  let finished = false;
  let responseId: string | undefined;
  let textSeen = false;
  let reasoningSeen = false;
  /** Content parts that delivered deltas, so a `.done` event does not repeat their text. */
  const partsWithDeltas = new Set<string>();
  let lastDeltaPayload: Record<string, unknown> | undefined;

  const partKey = (payload: Record<string, unknown>): string =>
    `${String(payload.item_id ?? '')}:${String(payload.output_index ?? '')}:${String(payload.content_index ?? '')}`;
  const samePart = (a: Record<string, unknown>, b: Record<string, unknown>): boolean =>
    a.item_id === b.item_id && a.output_index === b.output_index && a.content_index === b.content_index;

  function done(status: string): StreamEvent {
    finished = true;
    return responseId === undefined ? { type: 'done', status } : { type: 'done', status, responseId };
  }

  function fail(payload: unknown): StreamEvent[] {
    finished = true;
    return [errorEvent(failureFromErrorObject(payload, operation))];
  }

  function terminal(type: string, response: Record<string, unknown>): StreamEvent[] {
    if (typeof response.id === 'string') responseId = response.id;
    const events: StreamEvent[] = [];
    // Gateways that buffer a stream may send only the final response: its text must not be lost.
    if (!reasoningSeen) {
      const reasoning = reasoningTextOf(response);
      if (reasoning) events.push({ type: 'reasoning-delta', text: reasoning });
    }
    if (!textSeen) {
      const text = outputTextOf(response);
      if (text) events.push({ type: 'text-delta', text });
    }
    const usage = usageFromResponses(response.usage);
    if (usage) events.push({ type: 'usage', usage });
    const fallback = type === 'response.incomplete' ? 'incomplete' : 'completed';
    events.push(done(typeof response.status === 'string' ? response.status : fallback));
    return events;
  }

  function push(message: SseMessage): StreamEvent[] {
    if (finished) return [];
    if (isDoneSentinel(message)) return [done('completed')];
    const payload = parseJsonData(message, operation);
    if (!isRecord(payload)) throw malformedFailure('a stream event was not a JSON object.', operation);
    const type = typeof payload.type === 'string' ? payload.type : message.event;

    if (type === undefined || type === 'error') {
      // A bare `{error: {...}}` (either shape) mid-stream is as much an error as a typed one.
      if (type === 'error' || isRecord(payload.error)) return fail(payload);
      return [];
    }
    if (TEXT_DELTAS.has(type)) {
      if (typeof payload.delta !== 'string' || payload.delta === '') return [];
      textSeen = true;
      // Deltas of one part come in a row: remember the part once, not per delta.
      if (lastDeltaPayload === undefined || !samePart(lastDeltaPayload, payload))
        partsWithDeltas.add(partKey(payload));
      lastDeltaPayload = payload;
      return [{ type: 'text-delta', text: payload.delta }];
    }
    if (REASONING_DELTAS.has(type)) {
      if (typeof payload.delta !== 'string' || payload.delta === '') return [];
      reasoningSeen = true;
      return [{ type: 'reasoning-delta', text: payload.delta }];
    }
    switch (type) {
      case 'response.created':
      case 'response.in_progress':
      case 'response.queued':
        if (isRecord(payload.response) && typeof payload.response.id === 'string')
          responseId = payload.response.id;
        return [];
      case 'response.output_text.done': {
        // Some relays send only the finished part; deliver it unless deltas already did.
        if (partsWithDeltas.has(partKey(payload)) || typeof payload.text !== 'string' || payload.text === '')
          return [];
        textSeen = true;
        return [{ type: 'text-delta', text: payload.text }];
      }
      case 'response.completed':
      case 'response.incomplete':
      case 'response.done':
        return terminal(type, isRecord(payload.response) ? payload.response : {});
      case 'response.failed':
        return fail(payload);
      default:
        return [];
    }
  }

  function end(): StreamEvent[] {
    if (finished) return [];
    finished = true;
    return [errorEvent(networkFailure(undefined, operation, true))];
  }

  return {
    push,
    end,
    get finished() {
      return finished;
    },
  };
}

/** Events for a whole (non-streamed) response, for a gateway that answered a stream request with JSON. */
export function eventsFromResponseBody(body: unknown): StreamEvent[] {
  const result: ChatResult = chatResultFromResponse(body);
  return eventsFromChatResult(result);
}

export function eventsFromChatResult(result: ChatResult): StreamEvent[] {
  const events: StreamEvent[] = [];
  if (result.reasoning) events.push({ type: 'reasoning-delta', text: result.reasoning });
  if (result.text) events.push({ type: 'text-delta', text: result.text });
  if (result.usage) events.push({ type: 'usage', usage: result.usage });
  events.push(
    result.responseId === undefined
      ? { type: 'done', status: result.status }
      : { type: 'done', status: result.status, responseId: result.responseId },
  );
  return events;
}
