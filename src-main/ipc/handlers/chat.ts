// The Playground's calls: Responses (streamed or not), compact (cancellable), and content generation.
// Every reply also tells the inspector what was sent (`request`, once per attempt) and what came back
// (`exchange`, once, just before the stream's terminal event, whether it completed, failed or was stopped).
import type { StreamEvent } from '../../../src-preload/contract.ts';
import { createExchangeRecorder } from '../../gateway/exchange-log.ts';
import { eventsFromChatResult } from '../../gateway/index.ts';
import type { CallOptions, ChatResult } from '../../gateway/types.ts';
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

/** The stream run of a chat call, with the inspector's `request` and `exchange` events around it. */
function inspectedChat(chat: ChatCall, stream: boolean): StreamRun {
  return async ({ signal, emit }: StreamContext) => {
    const recorder = createExchangeRecorder({ onRequest: (request) => emit({ type: 'request', request }) });
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

export function createChatHandlers({ gateway, streams }: HandlerServices): HandlerGroup<ChatMethods> {
  return {
    'chat.responses': ({ request, stream }, { ownerId }) => {
      const { client } = gateway();
      const run = inspectedChat(
        {
          whole: (call) => client.responses(request, call),
          streamed: (call) => client.streamResponses(request, call),
        },
        stream,
      );
      return { streamId: streams.start(ownerId, run) };
    },

    'chat.generateContent': ({ request, stream }, { ownerId }) => {
      const { client } = gateway();
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
    'chat.compact': ({ callId, ...request }, { ownerId }) => {
      const { client } = gateway();
      return streams.call(ownerId, callId, (signal) => client.compact(request, { signal }));
    },

    'chat.cancelCompact': ({ callId }, { ownerId }) => ({ cancelled: streams.cancelCall(callId, ownerId) }),
  };
}
