// The Playground's calls: Responses, Chat Completions and content generation (streamed or not), compact
// (cancellable), and the structured-output check.
// A reply's inspector record (the request as sent, and what came back raw: a few hundred KB for a long
// reply) stays in main: asked to keep it (`keepDetailAs`), main writes it to the conversation store once the
// reply has ended, whether it completed, failed or was stopped, and the stream's last batch only says that
// it did (`detail-kept`). Carried to the page and back, it made each long reply's last batch the page's
// longest task. A call that names no place keeps no record, and the page is sent none of it either.
import type {
  ChatSettings,
  KeepDetailAs,
  ReplyInspector,
  SentRequest,
  StreamEvent,
} from '../../../src-preload/contract.ts';
import { AppFailure, toAppError } from '../../app-failure.ts';
import { createExchangeRecorder } from '../../gateway/exchange-log.ts';
import { eventsFromChatResult } from '../../gateway/index.ts';
import type { CallOptions, ChatResult } from '../../gateway/types.ts';
import { t } from '../../i18n/index.ts';
import { createLogger } from '../../log.ts';
import type { ConversationStore } from '../../services/conversation-store.ts';
import { withoutImageBytes } from '../../services/image-attachments.ts';
import { checkReply, checkSchema } from '../../services/structured-output.ts';
import type { chatSchemas } from '../schemas/chat.ts';
import type { StreamContext, StreamRun } from '../stream-manager.ts';
import { conversationStoreOf } from './conversations.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type ChatMethods = keyof typeof chatSchemas;

/** How one chat call runs: whole (one answer) or streamed, given the call options to use. */
interface ChatCall {
  whole(call: CallOptions): Promise<ChatResult>;
  streamed(call: CallOptions): AsyncIterable<StreamEvent>;
}

/** Keeps a reply's inspector record; answers what its owner's records weigh now. */
type KeepRecord = (record: ReplyInspector) => Promise<number>;

const isTerminal = (event: StreamEvent): boolean => event.type === 'done' || event.type === 'error';

/** A sent request as the inspector keeps it: image bytes left out (see `withoutImageBytes`). */
function inspectorCopy(request: SentRequest): SentRequest {
  return request.body === null ? request : { ...request, body: withoutImageBytes(request.body) };
}

/** The record's keeper for a call that named where to keep it; `null`: the call keeps none. */
function recordKeeper(store: ConversationStore, where: KeepDetailAs | undefined): KeepRecord | null {
  return where ? (record) => store.saveDetail(where.id, where.messageId, record) : null;
}

/**
 * Keeps `record` and says what the stream's last batch says of it: kept, with the owner's new total, or why
 * not. `keep` is called before this function's first await, so the write is queued in the store at once.
 */
async function keptOutcome(keep: KeepRecord, record: ReplyInspector): Promise<StreamEvent> {
  try {
    return { type: 'detail-kept', detailBytes: await keep(record) };
  } catch (error) {
    // A conversation deleted while its reply streamed: `not_found`, and nothing is left behind.
    return { type: 'detail-failed', error: toAppError(error) };
  }
}

/**
 * The stream run of a chat call, its record kept by `keep` (if any) once the reply has ended. The record's
 * write is queued in the store before the reply's last event is emitted (a `conversations.detail` asked after the end is answered after the write), and
 * awaited only after that event: the end reaches the page without waiting for the disk. The outcome
 * follows in the stream's last batch. A stopped stream's `done` comes from the stream manager after this
 * run, so after the write; the page has shown the reply stopped since the user's click.
 */
function inspectedChat(chat: ChatCall, stream: boolean, keep: KeepRecord | null): StreamRun {
  return async ({ signal, emit }: StreamContext) => {
    let request: SentRequest | null = null;
    // What the inspector shows of the request (each attempt sends it again; the last one counts): the body
    // as sent, less the bytes of its images.
    const recorder = createExchangeRecorder({
      onRequest: (sent) => {
        request = inspectorCopy(sent);
      },
    });
    let saving: Promise<StreamEvent> | null = null;
    /** Starts keeping the record, once: the request as last sent and what came back for it. */
    const keepRecord = (): Promise<StreamEvent> | null => {
      if (keep && !saving) {
        // Not awaited here: the write is queued now, its outcome emitted last.
        saving = keptOutcome(keep, { request, exchange: recorder.log() });
      }
      return saving;
    };
    const call: CallOptions = { signal, observer: recorder.observer };
    try {
      if (!stream) {
        const events = eventsFromChatResult(await chat.whole(call));
        keepRecord();
        for (const event of events) emit(event);
        return;
      }
      for await (const event of chat.streamed(call)) {
        if (isTerminal(event)) keepRecord();
        emit(event);
      }
    } catch (error) {
      // Reported here rather than by the stream manager after this run, so the write does not hold it back.
      // After a stop the abort is no failure: the stream ends as `stopped`.
      keepRecord();
      if (!signal.aborted) emit({ type: 'error', error: toAppError(error) });
    } finally {
      // A stream stopped before its terminal event: the record is kept all the same.
      const outcome = keepRecord();
      if (outcome) emit(await outcome);
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
      throw new AppFailure('no_profile', t('errors.chat.profileGone'), {
        hint: t('errors.chat.profileGoneHint'),
        cause: error,
      });
    }
    throw error;
  }
}

export function createChatHandlers(services: HandlerServices): HandlerGroup<ChatMethods> {
  const { gateway, streams, attachments } = services;
  const conversations = conversationStoreOf(services);
  const log = createLogger('chat');
  /**
   * The request as it goes out: its schema checked, and each image it names by reference (the renderer
   * never holds the bytes) read from the attachment store, in the shape its format wants.
   */
  const prepared = <R extends { settings?: ChatSettings }>(request: R): Promise<R> => {
    refuseBadSchema(request.settings);
    return attachments.resolveImageRefs(request);
  };
  return {
    'chat.responses': async ({ request: asked, stream, profileId, keepDetailAs }, { ownerId }) => {
      const request = await prepared(asked);
      const { client } = profileGateway(gateway, profileId);
      const run = inspectedChat(
        {
          whole: (call) => client.responses(request, call),
          streamed: (call) => client.streamResponses(request, call),
        },
        stream,
        recordKeeper(conversations, keepDetailAs),
      );
      return { streamId: streams.start(ownerId, run) };
    },

    'chat.completions': async ({ request: asked, stream, profileId, keepDetailAs }, { ownerId }) => {
      const request = await prepared(asked);
      const { client } = profileGateway(gateway, profileId);
      const run = inspectedChat(
        {
          whole: (call) => client.chatCompletions(request, call),
          streamed: (call) => client.streamChatCompletions(request, call),
        },
        stream,
        recordKeeper(conversations, keepDetailAs),
      );
      return { streamId: streams.start(ownerId, run) };
    },

    'chat.generateContent': async ({ request: asked, stream, profileId, keepDetailAs }, { ownerId }) => {
      const request = await prepared(asked);
      const { client } = profileGateway(gateway, profileId);
      const run = inspectedChat(
        {
          whole: (call) => client.generateContent(request, call),
          streamed: (call) => client.streamGenerateContent(request, call),
        },
        stream,
        recordKeeper(conversations, keepDetailAs),
      );
      return { streamId: streams.start(ownerId, run) };
    },

    // Not a stream (one answer), but owned like one: cancellable, and gone with its window's page.
    'chat.compact': async ({ callId, profileId, keepDetailAs, ...asked }, { ownerId }) => {
      const request = await attachments.resolveImageRefs(asked);
      const { client } = profileGateway(gateway, profileId);
      const keep = recordKeeper(conversations, keepDetailAs);
      return streams.call(ownerId, callId, async (signal) => {
        const recorder = createExchangeRecorder();
        const compacted = await client.compact(request, { signal, observer: recorder.observer });
        const { id, output, usage, request: sent } = compacted;
        // Only a compaction that succeeded has a marker to inspect. Written before the answer goes out (one
        // small record; a compaction is no stream whose end it would hold back), so the answer can say
        // whether its marker has a record, and the conversation's save that follows counts it.
        let detailKept = false;
        if (keep && !signal.aborted) {
          const record = { request: sent && inspectorCopy(sent), exchange: recorder.log() };
          const outcome = await keptOutcome(keep, record);
          detailKept = outcome.type === 'detail-kept';
          // A conversation deleted meanwhile is no fault; a failed write is (the marker says no record).
          if (outcome.type === 'detail-failed' && outcome.error.code !== 'not_found')
            log.warn('a compaction’s inspector record was not kept', outcome.error);
        }
        // The request and the raw answer are the record's: the page needs only what replaces the history.
        return { id, output, usage, detailKept };
      });
    },

    'chat.cancelCompact': ({ callId }, { ownerId }) => ({ cancelled: streams.cancelCall(callId, ownerId) }),

    'chat.checkStructured': ({ schema, text }) => {
      checkSchema(schema);
      return { verdict: text === undefined ? null : checkReply(schema, text) };
    },
  };
}
