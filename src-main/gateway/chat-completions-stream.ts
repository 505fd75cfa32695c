// Chat Completions SSE (`data: {object: "chat.completion.chunk", …}` … `data: [DONE]`) → normalised events.
// WIRE.md part 2: the first chunk may carry only the role and some carry empty content (both show nothing);
// `finish_reason` comes on the last chunk with choices; with `stream_options.include_usage` one more chunk has
// `choices: []` and the usage; then `[DONE]`. An `{error: {…}}` object may arrive mid-stream.
import type { StreamEvent, TokenUsage } from '../../src-preload/contract.ts';
import {
  chatContentText,
  chatReasoningText,
  chatResultFromCompletion,
  firstChoice,
  usageFromChatCompletions,
} from './chat-completions.ts';
import { carriesError, failureFromErrorObject, malformedFailure, networkFailure } from './errors.ts';
import { errorEvent, parseJsonData, SKIP, type StreamNormaliser } from './event-stream.ts';
import { isRecord } from './json.ts';
import { eventsFromChatResult } from './responses-stream.ts';
import { isDoneSentinel, type SseMessage } from './sse.ts';
import { words } from './words.ts';

export function createChatCompletionsNormaliser(): StreamNormaliser {
  const operation = 'chat';
  let finished = false;
  let finishReason: string | undefined;
  let responseId: string | undefined;
  let usage: TokenUsage | null = null;

  function fail(error: unknown): StreamEvent[] {
    finished = true;
    return [errorEvent(error)];
  }

  /**
   * The end of a complete answer. Usage is held until here: some relays repeat a running total on every
   * chunk, and the last one seen is the answer's. `[DONE]` without any finish reason still ends the answer
   * as the gateway meant it to, so it reads `completed`, as a bare `[DONE]` does on the Responses format.
   */
  function finish(): StreamEvent[] {
    finished = true;
    const events: StreamEvent[] = [];
    if (usage) events.push({ type: 'usage', usage });
    const status = finishReason ?? 'completed';
    events.push(responseId === undefined ? { type: 'done', status } : { type: 'done', status, responseId });
    return events;
  }

  function pushChunk(chunk: Record<string, unknown>): StreamEvent[] {
    // Asked apart: as a type guard in the `if`, it would narrow `chunk` to nothing after it.
    const failed: boolean = carriesError(chunk);
    if (failed) return fail(failureFromErrorObject({ error: chunk.error }, operation));
    if (typeof chunk.id === 'string' && chunk.id !== '') responseId = chunk.id;
    usage = usageFromChatCompletions(chunk.usage) ?? usage;
    const choice = firstChoice(chunk);
    if (choice === undefined) return [];
    const events: StreamEvent[] = [];
    const delta = isRecord(choice.delta) ? choice.delta : undefined;
    if (delta !== undefined) {
      const reasoning = chatReasoningText(delta);
      if (reasoning !== '') events.push({ type: 'reasoning-delta', text: reasoning });
      const text = chatContentText(delta.content);
      if (text !== '') events.push({ type: 'text-delta', text });
      // A refusal streams in its own field; it is what the model said, so it shows as the reply's text.
      if (typeof delta.refusal === 'string' && delta.refusal !== '')
        events.push({ type: 'text-delta', text: delta.refusal });
    }
    if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '')
      finishReason = choice.finish_reason;
    return events;
  }

  function push(message: SseMessage): StreamEvent[] {
    if (finished) return [];
    if (isDoneSentinel(message)) return finish();
    const payload = parseJsonData(message, operation);
    if (payload === SKIP) {
      // A plain-text event named `error` is still the gateway's last word; other text is a keep-alive.
      return message.event === 'error'
        ? fail(failureFromErrorObject({ error: message.data }, operation))
        : [];
    }
    if (!isRecord(payload)) throw malformedFailure(words('malformed.eventNotObject'), operation);
    return pushChunk(payload);
  }

  function end(): StreamEvent[] {
    if (finished) return [];
    // A finish reason means the model was done: only the usage chunk and `[DONE]` were lost, which some
    // relays never send. Without one the answer was cut off, whatever the transport said.
    if (finishReason !== undefined) return finish();
    return fail(networkFailure(undefined, operation, true));
  }

  return {
    push,
    end,
    get finished() {
      return finished;
    },
  };
}

/** Events for a whole (non-streamed) completion, for a gateway that answered a stream request with JSON. */
export function eventsFromCompletionBody(body: unknown): StreamEvent[] {
  return eventsFromChatResult(chatResultFromCompletion(body));
}
