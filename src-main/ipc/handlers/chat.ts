// The Playground's calls: Responses, Chat Completions and content generation (streamed or not), compact
// (cancellable), and the structured-output check.
// Every reply also tells the inspector what was sent (`request`, once per attempt) and what came back
// (`exchange`, once, just before the stream's terminal event, whether it completed, failed or was stopped).
import type { ChatSettings, SentRequest, StreamEvent } from '../../../src-preload/contract.ts';
import { AppFailure } from '../../app-failure.ts';
import { createExchangeRecorder } from '../../gateway/exchange-log.ts';
import { eventsFromChatResult } from '../../gateway/index.ts';
import type { CallOptions, ChatResult } from '../../gateway/types.ts';
import { withoutImageBytes } from '../../services/image-attachments.ts';
import { checkReply, checkSchema } from '../../services/structured-output.ts';
import type { chatSchemas } from '../schemas/chat.ts';
import type { StreamContext, StreamRun } from '../stream-manager.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type ChatMethods = keyof typeof chatSchemas;

/** How one chat call runs: whole (one answer) or streamed, given the call options to use. */
interface ChatCall {
  whole(call: CallOptions): Promise<ChatResult>;
  streamed(call: CallOptions): AsyncIterable<StreamEvent>;
}

const isTerminal = (event: StreamEvent): boolean => event.type === 'done' || event.type === 'error';

/** A sent request as the inspector keeps it: image bytes left out (see `withoutImageBytes`). */
function inspectorCopy(request: SentRequest): SentRequest {
  return request.body === null ? request : { ...request, body: withoutImageBytes(request.body) };
}

/** The stream run of a chat call, with the inspector's `request` and `exchange` events around it. */
function inspectedChat(chat: ChatCall, stream: boolean): StreamRun {
  return async ({ signal, emit }: StreamContext) => {
    // What the inspector shows of the request: the body as sent, less the bytes of its images.
    const recorder = createExchangeRecorder({
      onRequest: (request) => emit({ type: 'request', request: inspectorCopy(request) }),
    });
    let logged = false;
    const emitExchange = (): void => {
      if (logged) return;
      logged = true;
      emit({ type: 'exchange', log: recorder.log() });
    };
    const call: CallOptions = { signal, observer: recorder.observer };
    try {
      if (!stream) {
        const events = eventsFromChatResult(await chat.whole(call));
        emitExchange();
        for (const event of events) emit(event);
        return;
      }
      for await (const event of chat.streamed(call)) {
        if (isTerminal(event)) emitExchange();
        emit(event);
      }
    } finally {
      // A failed whole call, or a stream stopped before its terminal event: the log still goes out.
      emitExchange();
    }
  };
}

/**
 * A structured-output schema is checked before the call starts: a bad one fails the call with
 * `invalid_input` and the validator's message, and nothing goes out (the gateway would only refuse it,
 * or worse, ignore it).
 */
function refuseBadSchema(settings: ChatSettings | undefined): void {
  if (settings?.structuredOutput !== undefined) checkSchema(settings.structuredOutput.schema);
}

/**
 * The gateway of the profile a call names (a comparison's column, a conversation that names its profile),
 * else the active one's. A named profile that no longer exists fails the call as `no_profile`, saying what
 * to do, rather than going to another gateway than the one asked for.
 */
function profileGateway(gateway: HandlerServices['gateway'], profileId: string | undefined) {
  try {
    return gateway(profileId);
  } catch (error) {
    if (profileId !== undefined && error instanceof AppFailure && error.code === 'not_found') {
      throw new AppFailure('no_profile', 'The gateway profile this chat was set up with no longer exists.', {
        hint: 'Choose another profile for it in its settings, or add the profile again in Settings.',
        cause: error,
      });
    }
    throw error;
  }
}

export function createChatHandlers({
  gateway,
  streams,
  attachments,
}: HandlerServices): HandlerGroup<ChatMethods> {
  /**
   * The request as it goes out: its schema checked, and each image it names by reference (the renderer
   * never holds the bytes) read from the attachment store, in the shape its format wants.
   */
  const prepared = <R extends { settings?: ChatSettings }>(request: R): Promise<R> => {
    refuseBadSchema(request.settings);
    return attachments.resolveImageRefs(request);
  };
  return {
    'chat.responses': async ({ request: asked, stream, profileId }, { ownerId }) => {
      const request = await prepared(asked);
      const { client } = profileGateway(gateway, profileId);
      const run = inspectedChat(
        {
          whole: (call) => client.responses(request, call),
          streamed: (call) => client.streamResponses(request, call),
        },
        stream,
      );
      return { streamId: streams.start(ownerId, run) };
    },

    'chat.completions': async ({ request: asked, stream, profileId }, { ownerId }) => {
      const request = await prepared(asked);
      const { client } = profileGateway(gateway, profileId);
      const run = inspectedChat(
        {
          whole: (call) => client.chatCompletions(request, call),
          streamed: (call) => client.streamChatCompletions(request, call),
        },
        stream,
      );
      return { streamId: streams.start(ownerId, run) };
    },

    'chat.generateContent': async ({ request: asked, stream, profileId }, { ownerId }) => {
      const request = await prepared(asked);
      const { client } = profileGateway(gateway, profileId);
      const run = inspectedChat(
        {
          whole: (call) => client.generateContent(request, call),
          streamed: (call) => client.streamGenerateContent(request, call),
        },
        stream,
      );
      return { streamId: streams.start(ownerId, run) };
    },

    // Not a stream (one answer), but owned like one: cancellable, and gone with its window's page.
    'chat.compact': async ({ callId, profileId, ...asked }, { ownerId }) => {
      const request = await attachments.resolveImageRefs(asked);
      const { client } = profileGateway(gateway, profileId);
      return streams.call(ownerId, callId, async (signal) => {
        const result = await client.compact(request, { signal });
        return { ...result, request: result.request && inspectorCopy(result.request) };
      });
    },

    'chat.cancelCompact': ({ callId }, { ownerId }) => ({ cancelled: streams.cancelCall(callId, ownerId) }),

    'chat.checkStructured': ({ schema, text }) => {
      checkSchema(schema);
      return { verdict: text === undefined ? null : checkReply(schema, text) };
    },
  };
}
