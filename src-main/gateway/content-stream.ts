// Content-generation SSE (`:streamGenerateContent?alt=sse`) → normalised stream events.
// Each event is a partial response carrying only new text; the finish reason and final usage come last,
// and there is no terminal event, so `done` is sent when the body ends.
import type { StreamEvent, TokenUsage } from '../../src-preload/contract.ts';
import { blockedPromptFailure, candidateText, chatResultFromContent, usageFromContent } from './content.ts';
import { failureFromErrorObject, malformedFailure, networkFailure, type Operation } from './errors.ts';
import { errorEvent, parseJsonData, SKIP, type StreamNormaliser } from './event-stream.ts';
import { isRecord } from './json.ts';
import { eventsFromChatResult } from './responses-stream.ts';
import { isDoneSentinel, type SseMessage } from './sse.ts';
import { words } from './words.ts';

/** The stream normaliser, plus what a whole answer made of partial responses needs. */
interface ContentNormaliser extends StreamNormaliser {
  /** Events for one parsed event: a partial response, or an array of them. */
  pushValue(payload: unknown): StreamEvent[];
  /** A whole answer ended (nothing was cut): what is still owed, even without a finish reason. */
  finishWhole(): StreamEvent[];
}

export function createContentNormaliser(operation: Operation = 'content'): ContentNormaliser {
  let finished = false;
  let finishReason: string | undefined;
  let responseId: string | undefined;
  let usage: TokenUsage | null = null;

  function fail(error: unknown): StreamEvent[] {
    finished = true;
    return [errorEvent(error)];
  }

  /** `fallback`: the status when no finish reason came. */
  function finish(fallback = 'STOP'): StreamEvent[] {
    finished = true;
    const events: StreamEvent[] = [];
    if (usage) events.push({ type: 'usage', usage });
    const status = finishReason ?? fallback;
    events.push(responseId === undefined ? { type: 'done', status } : { type: 'done', status, responseId });
    return events;
  }

  function pushPayload(payload: unknown): StreamEvent[] {
    if (!isRecord(payload)) throw malformedFailure(words('malformed.eventNotObject'), operation);
    if (isRecord(payload.error)) return fail(failureFromErrorObject(payload, operation));
    const blocked = blockedPromptFailure(payload);
    if (blocked) return fail(blocked);
    if (typeof payload.responseId === 'string') responseId = payload.responseId;
    // Usage is cumulative: the last one seen is the total.
    usage = usageFromContent(payload.usageMetadata) ?? usage;
    const candidate = Array.isArray(payload.candidates) ? payload.candidates[0] : undefined;
    const events: StreamEvent[] = [];
    const parts = isRecord(candidate) && isRecord(candidate.content) ? candidate.content.parts : undefined;
    if (Array.isArray(parts)) {
      for (const part of parts) {
        if (!isRecord(part) || typeof part.text !== 'string' || part.text === '') continue;
        events.push({ type: part.thought === true ? 'reasoning-delta' : 'text-delta', text: part.text });
      }
    }
    const { finishReason: reason } = candidateText(payload);
    if (reason !== undefined) finishReason = reason;
    return events;
  }

  function push(message: SseMessage): StreamEvent[] {
    if (finished) return [];
    if (isDoneSentinel(message)) return finish();
    const payload = parseJsonData(message, operation);
    // Data that is not JSON at all is a relay's keep-alive (`data: ping`), not part of the answer.
    if (payload === SKIP) return [];
    return pushValue(payload);
  }

  function pushValue(payload: unknown): StreamEvent[] {
    if (finished) return [];
    // A relay may batch several partial responses into one array.
    if (Array.isArray(payload)) {
      const events: StreamEvent[] = [];
      for (const item of payload) {
        events.push(...pushPayload(item));
        if (finished) break;
      }
      return events;
    }
    return pushPayload(payload);
  }

  function end(): StreamEvent[] {
    if (finished) return [];
    // Without a finish reason the answer was cut off, whatever the transport said.
    if (finishReason === undefined) return fail(networkFailure(undefined, operation, true));
    return finish();
  }

  return {
    push,
    end,
    pushValue,
    // A whole answer parsed completely, so nothing was cut: without a finish reason the status is
    // unknown, as for a non-streamed answer that has none.
    finishWhole: () => (finished ? [] : finish('unknown')),
    get finished() {
      return finished;
    },
  };
}

/** Events for a whole (non-streamed) answer, for a gateway that answered a stream request with JSON. */
export function eventsFromContentBody(body: unknown): StreamEvent[] {
  if (Array.isArray(body)) {
    // `:streamGenerateContent` without `alt=sse` (a relay that dropped the query) answers with a JSON
    // array of the partial responses: read them as the events they would have been.
    const normaliser = createContentNormaliser();
    const events: StreamEvent[] = [];
    for (const item of body) {
      try {
        events.push(...normaliser.pushValue(item));
      } catch (error) {
        // As in a stream: what was read before the bad item still reaches the user, then the error.
        events.push(errorEvent(error));
        return events;
      }
      if (normaliser.finished) return events;
    }
    return [...events, ...normaliser.finishWhole()];
  }
  return eventsFromChatResult(chatResultFromContent(body));
}
