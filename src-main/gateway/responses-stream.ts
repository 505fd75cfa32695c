// Responses-format SSE (`event: <type>` + `data: <json>`) → normalised stream events.
// Dispatches on the JSON `type` (the `event:` line only when `type` is missing); unknown types are ignored.
import type { StreamEvent } from '../../src-preload/contract.ts';
import { failureFromErrorObject, malformedFailure, networkFailure, type Operation } from './errors.ts';
import { errorEvent, parseJsonData, SKIP, type StreamNormaliser } from './event-stream.ts';
import { isRecord } from './json.ts';
import { chatResultFromResponse, usageFromResponses } from './responses.ts';
import {
  PartJoiner,
  type PartKind,
  type PartPlace,
  partPlaceOf,
  responseOutputText,
  responseReasoningText,
  responseStatusOf,
} from './responses-output.ts';
import { isDoneSentinel, type SseMessage } from './sse.ts';
import type { ChatResult } from './types.ts';
import { words } from './words.ts';

/** Events that add to a part, per kind, with the index naming the part within its output item. */
const DELTAS = new Map<string, { kind: PartKind; field: 'content_index' | 'summary_index' }>([
  ['response.output_text.delta', { kind: 'text', field: 'content_index' }],
  ['response.refusal.delta', { kind: 'text', field: 'content_index' }],
  ['response.reasoning_summary_text.delta', { kind: 'reasoning', field: 'summary_index' }],
  ['response.reasoning_text.delta', { kind: 'reasoning', field: 'content_index' }],
]);

/** Events that close a part, with the field holding the part's whole text. */
const PART_DONE = new Map<string, { kind: PartKind; field: 'content_index' | 'summary_index'; text: string }>(
  [
    ['response.output_text.done', { kind: 'text', field: 'content_index', text: 'text' }],
    ['response.refusal.done', { kind: 'text', field: 'content_index', text: 'refusal' }],
    ['response.reasoning_summary_text.done', { kind: 'reasoning', field: 'summary_index', text: 'text' }],
    ['response.reasoning_text.done', { kind: 'reasoning', field: 'content_index', text: 'text' }],
  ],
);

export function createResponsesNormaliser(operation: Operation = 'responses'): StreamNormaliser {
  let finished = false;
  let responseId: string | undefined;
  const joiners: Record<PartKind, PartJoiner> = {
    text: new PartJoiner('text'),
    reasoning: new PartJoiner('reasoning'),
  };
  /** Parts that delivered deltas, so their `.done` event does not repeat their text. */
  const partsWithDeltas = new Set<string>();
  let lastDeltaKey: string | undefined;
  const keyOf = (kind: PartKind, place: PartPlace): string => `${kind}|${place.item}|${place.part}`;

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
    if (!joiners.reasoning.started) {
      const reasoning = responseReasoningText(response);
      if (reasoning) events.push({ type: 'reasoning-delta', text: reasoning });
    }
    if (!joiners.text.started) {
      const text = responseOutputText(response);
      if (text) events.push({ type: 'text-delta', text });
    }
    const usage = usageFromResponses(response.usage);
    if (usage) events.push({ type: 'usage', usage });
    const fallback = type === 'response.incomplete' ? 'incomplete' : 'completed';
    events.push(done(responseStatusOf(response, fallback)));
    return events;
  }

  function push(message: SseMessage): StreamEvent[] {
    if (finished) return [];
    if (isDoneSentinel(message)) return [done('completed')];
    const payload = parseJsonData(message, operation);
    if (payload === SKIP) {
      // A plain-text event named `error` is still the gateway's last word; other text is a keep-alive.
      return message.event === 'error' ? fail({ error: { message: message.data } }) : [];
    }
    if (!isRecord(payload)) throw malformedFailure(words('malformed.eventNotObject'), operation);
    const type = typeof payload.type === 'string' ? payload.type : message.event;

    if (type === undefined || type === 'error') {
      // A bare `{error: {...}}` (either shape) mid-stream is as much an error as a typed one.
      if (type === 'error' || isRecord(payload.error)) return fail(payload);
      return [];
    }
    const delta = DELTAS.get(type);
    if (delta !== undefined) {
      if (typeof payload.delta !== 'string' || payload.delta === '') return [];
      const place = partPlaceOf(payload, delta.field);
      const key = keyOf(delta.kind, place);
      // Deltas of one part come in a row: remember the part once, not per delta.
      if (key !== lastDeltaKey) partsWithDeltas.add(key);
      lastDeltaKey = key;
      return [{ type: `${delta.kind}-delta`, text: joiners[delta.kind].next(place, payload.delta) }];
    }
    const partDone = PART_DONE.get(type);
    if (partDone !== undefined) {
      // Some relays send only the finished part; deliver it unless deltas already did.
      const text = payload[partDone.text];
      const place = partPlaceOf(payload, partDone.field);
      if (typeof text !== 'string' || text === '' || partsWithDeltas.has(keyOf(partDone.kind, place)))
        return [];
      return [{ type: `${partDone.kind}-delta`, text: joiners[partDone.kind].next(place, text) }];
    }
    switch (type) {
      case 'response.created':
      case 'response.in_progress':
      case 'response.queued':
        if (isRecord(payload.response) && typeof payload.response.id === 'string')
          responseId = payload.response.id;
        return [];
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
  return eventsFromChatResult(chatResultFromResponse(body));
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
