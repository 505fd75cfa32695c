// The Playground's calls: Responses (streamed or not), compact, and content generation.
import { eventsFromChatResult } from '../../gateway/index.ts';
import type { ChatResult } from '../../gateway/types.ts';
import type { chatSchemas } from '../schemas/chat.ts';
import type { StreamContext } from '../stream-manager.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type ChatMethods = keyof typeof chatSchemas;

/** A non-streamed chat reply: its raw body (for the inspector), then the events a stream would give. */
function emitChatResult(emit: StreamContext['emit'], result: ChatResult): void {
  emit({ type: 'result', data: result.raw });
  for (const event of eventsFromChatResult(result)) emit(event);
}

export function createChatHandlers({ gateway, streams }: HandlerServices): HandlerGroup<ChatMethods> {
  return {
    'chat.responses': ({ request, stream }, { ownerId }) => {
      const { client } = gateway();
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        if (!stream) return emitChatResult(emit, await client.responses(request, { signal }));
        for await (const event of client.streamResponses(request, { signal })) emit(event);
      });
      return { streamId };
    },

    'chat.generateContent': ({ request, stream }, { ownerId }) => {
      const { client } = gateway();
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        if (!stream) return emitChatResult(emit, await client.generateContent(request, { signal }));
        for await (const event of client.streamGenerateContent(request, { signal })) emit(event);
      });
      return { streamId };
    },

    'chat.compact': (request) => gateway().client.compact(request),
  };
}
