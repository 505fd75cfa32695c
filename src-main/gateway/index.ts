// The gateway client: one factory, every endpoint of WIRE.md. Plain Node (no electron import).
// Failures are thrown as `GatewayError`; streams never throw and end with one `done` or `error` event.
import type {
  AudioSource,
  CatalogueModel,
  ChatCompletionsRequest,
  CompactRequest,
  CompactResult,
  GenerateContentRequest,
  ResponsesRequest,
  SpeechClip,
  SpeechOptions,
  StreamEvent,
  Transcript,
  TranscriptionOptions,
} from '../../src-preload/contract.ts';
import { audioFilePart, transcriptionFields } from './audio.ts';
import { catalogueFromV1, catalogueFromV1betaPages, nextPageTokenOf } from './catalogue.ts';
import {
  buildChatCompletionsBody,
  CHAT_COMPLETIONS_PATH,
  chatResultFromCompletion,
} from './chat-completions.ts';
import { createChatCompletionsNormaliser, eventsFromCompletionBody } from './chat-completions-stream.ts';
import { buildGenerateContentBody, chatResultFromContent, contentPath } from './content.ts';
import { createContentNormaliser, eventsFromContentBody } from './content-stream.ts';
import { MAX_MODEL_PAGES } from './defaults.ts';
import { asFailure, withOperationAdvice } from './errors.ts';
import { errorEvent, runEventStream, type StreamNormaliser } from './event-stream.ts';
import { createHttpCore, type Exchange } from './http.ts';
import { encodeMultipart } from './multipart.ts';
import {
  buildCompactBody,
  buildResponsesBody,
  chatResultFromResponse,
  compactResultFromBody,
} from './responses.ts';
import { createResponsesNormaliser, eventsFromResponseBody } from './responses-stream.ts';
import { buildSpeechBody, rejectNonAudio, writeSpeechFile } from './speech.ts';
import { normaliseTranscript } from './transcript.ts';
import { isEventStreamAnswer, readTranscriptStream, transcriptFromEventText } from './transcript-stream.ts';
import type {
  CallOptions,
  ChatResult,
  GatewayClient,
  GatewayClientOptions,
  SpeechCallOptions,
  UploadCallOptions,
} from './types.ts';

export { AUDIO_CONTENT_TYPES, UPLOAD_EXTENSIONS, uploadNameFor } from './audio.ts';
export { catalogueFromV1, catalogueFromV1beta, familiesFromId, mergeCatalogue } from './catalogue.ts';
export { DEFAULT_LIMITS, DEFAULT_MAX_RETRY_AFTER_MS, DEFAULT_RETRY, DEFAULT_TIMEOUTS } from './defaults.ts';
export { callsForSplit, statedUploadLimits } from './errors.ts';
export { eventsFromChatResult } from './responses-stream.ts';
export { normaliseTranscript, parseSrt, parseVtt } from './transcript.ts';
export type * from './types.ts';

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const http = createHttpCore(options);

  async function uploadAudio(
    mode: 'transcribe' | 'translate',
    source: AudioSource,
    transcription: TranscriptionOptions,
    call: UploadCallOptions | undefined,
  ): Promise<Transcript> {
    const requested = transcription.responseFormat ?? 'json';
    // Streaming exists for transcriptions only (WIRE.md; upstream refuses it for translations).
    const streamed = mode === 'transcribe' && transcription.stream === true;
    try {
      const filePart = await audioFilePart(source);
      const body = encodeMultipart([...transcriptionFields(transcription, mode), filePart]);
      const exchange = await http.send({
        method: 'POST',
        path: mode === 'transcribe' ? '/v1/audio/transcriptions' : '/v1/audio/translations',
        operation: mode,
        accept: streamed
          ? 'text/event-stream, application/json;q=0.9, */*;q=0.8'
          : 'application/json, text/plain, */*',
        signal: call?.signal,
        observer: call?.observer,
        // Called once per attempt: a retry streams the file again from the start.
        upload: async () => ({
          stream: body.stream(call?.onUploadProgress),
          length: body.length,
          contentType: body.contentType,
        }),
      });
      const headers = exchange.response.headers;
      const contentType = headers.get('content-type');
      if (streamed && isEventStreamAnswer(contentType)) {
        try {
          return await readTranscriptStream(exchange.chunks(), {
            maxEventBytes: http.limits.maxEventBytes,
            operation: mode,
            onTextDelta: call?.onTextDelta,
            onMessage: call?.observer?.sseMessage?.bind(call.observer),
          });
        } finally {
          // After `transcript.text.done` nothing more is owed; on a failure or an abort the request ends now.
          exchange.close();
        }
      }
      const raw = await exchange.text();
      // A gateway that ignored `stream` answers as usual; one that buffered the events may label them wrongly.
      if (streamed && isEventStreamAnswer(null, raw)) {
        return await transcriptFromEventText(raw, {
          maxEventBytes: http.limits.maxEventBytes,
          operation: mode,
          onTextDelta: call?.onTextDelta,
        });
      }
      return normaliseTranscript(raw, requested, contentType, mode, headers);
    } catch (error) {
      throw withOperationAdvice(asFailure(error), mode);
    }
  }

  function sendJson(
    path: string,
    operation: 'responses' | 'compact' | 'chat' | 'content',
    json: unknown,
    call: CallOptions | undefined,
  ): Promise<Exchange> {
    return http.send({
      method: 'POST',
      path,
      operation,
      json,
      signal: call?.signal,
      observer: call?.observer,
    });
  }

  async function postJson(
    path: string,
    operation: 'responses' | 'chat' | 'content',
    json: unknown,
    call: CallOptions | undefined,
  ): Promise<unknown> {
    return (await sendJson(path, operation, json, call)).json();
  }

  /**
   * One chat format's streamed call. It never throws: a body that cannot be built (a structured-output
   * schema that is not JSON) is the stream's one error event, and nothing is sent.
   */
  function streamJson(
    format: {
      path: string;
      operation: 'responses' | 'chat' | 'content';
      body: () => unknown;
      normaliser: StreamNormaliser;
      eventsFromJson: (body: unknown) => StreamEvent[];
    },
    call: CallOptions | undefined,
  ): AsyncIterable<StreamEvent> {
    let json: unknown;
    try {
      json = format.body();
    } catch (error) {
      return eventsOnly([errorEvent(error)]);
    }
    return runEventStream({
      http,
      spec: {
        method: 'POST',
        path: format.path,
        operation: format.operation,
        json,
        accept: 'text/event-stream',
        signal: call?.signal,
        observer: call?.observer,
      },
      normaliser: format.normaliser,
      eventsFromJson: format.eventsFromJson,
    });
  }

  return {
    transcribe: (source, transcription, call) => uploadAudio('transcribe', source, transcription, call),
    translate: (source, transcription, call) => uploadAudio('translate', source, transcription, call),

    async speech(speech: SpeechOptions, call: SpeechCallOptions): Promise<SpeechClip> {
      const started = performance.now();
      let firstByteAt: number | undefined;
      const format = speech.format ?? 'mp3';
      const exchange = await http.send({
        method: 'POST',
        path: '/v1/audio/speech',
        operation: 'speech',
        json: buildSpeechBody(speech),
        accept: '*/*',
        signal: call.signal,
        observer: call.observer,
      });
      try {
        await rejectNonAudio(exchange);
        const file = await writeSpeechFile(exchange, {
          directory: call.directory,
          format,
          wrapPcm: !speech.keepRawPcm,
          onProgress: (received) => {
            firstByteAt ??= performance.now();
            call.onProgress?.(received);
          },
        });
        return {
          path: file.path,
          format,
          extension: file.extension,
          bytes: file.bytes,
          contentType: exchange.response.headers.get('content-type'),
          elapsedMs: Math.round(performance.now() - started),
          firstByteMs: Math.round((firstByteAt ?? performance.now()) - started),
        };
      } catch (error) {
        throw withOperationAdvice(asFailure(error), 'speech');
      } finally {
        exchange.close();
      }
    },

    async responses(request: ResponsesRequest, call?: CallOptions): Promise<ChatResult> {
      return chatResultFromResponse(
        await postJson('/v1/responses', 'responses', buildResponsesBody(request, false), call),
      );
    },

    streamResponses(request: ResponsesRequest, call?: CallOptions): AsyncIterable<StreamEvent> {
      return streamJson(
        {
          path: '/v1/responses',
          operation: 'responses',
          body: () => buildResponsesBody(request, true),
          normaliser: createResponsesNormaliser(),
          eventsFromJson: eventsFromResponseBody,
        },
        call,
      );
    },

    async chatCompletions(request: ChatCompletionsRequest, call?: CallOptions): Promise<ChatResult> {
      return chatResultFromCompletion(
        await postJson(CHAT_COMPLETIONS_PATH, 'chat', buildChatCompletionsBody(request, false), call),
      );
    },

    streamChatCompletions(request: ChatCompletionsRequest, call?: CallOptions): AsyncIterable<StreamEvent> {
      return streamJson(
        {
          path: CHAT_COMPLETIONS_PATH,
          operation: 'chat',
          body: () => buildChatCompletionsBody(request, true),
          normaliser: createChatCompletionsNormaliser(),
          eventsFromJson: eventsFromCompletionBody,
        },
        call,
      );
    },

    async compact(request: CompactRequest, call?: CallOptions): Promise<CompactResult> {
      const exchange = await sendJson('/v1/responses/compact', 'compact', buildCompactBody(request), call);
      // The result carries its request: a compaction is shown in the inspector like a reply.
      return compactResultFromBody(await exchange.json(), exchange.sent);
    },

    async generateContent(request: GenerateContentRequest, call?: CallOptions): Promise<ChatResult> {
      const body = await postJson(
        contentPath(request.model, false),
        'content',
        buildGenerateContentBody(request),
        call,
      );
      return chatResultFromContent(body);
    },

    streamGenerateContent(request: GenerateContentRequest, call?: CallOptions): AsyncIterable<StreamEvent> {
      return streamJson(
        {
          path: contentPath(request.model, true),
          operation: 'content',
          body: () => buildGenerateContentBody(request),
          normaliser: createContentNormaliser(),
          eventsFromJson: eventsFromContentBody,
        },
        call,
      );
    },

    async listModelsV1(call?: CallOptions): Promise<CatalogueModel[]> {
      const exchange = await http.send({
        method: 'GET',
        path: '/v1/models',
        operation: 'models',
        signal: call?.signal,
        observer: call?.observer,
      });
      return catalogueFromV1(await exchange.json());
    },

    // Google's listing pages (`nextPageToken` → `pageToken`); new-api answers in one page. WIRE.md gives
    // `/v1/models` no paging, so only this list follows pages.
    async listModelsV1beta(call?: CallOptions): Promise<CatalogueModel[]> {
      const pages: unknown[] = [];
      const tokensSeen = new Set<string>();
      let token: string | undefined;
      for (let page = 0; page < MAX_MODEL_PAGES; page++) {
        const query = token === undefined ? '' : `?pageToken=${encodeURIComponent(token)}`;
        const exchange = await http.send({
          method: 'GET',
          path: `/v1beta/models${query}`,
          operation: 'models',
          signal: call?.signal,
          observer: call?.observer,
        });
        const body = await exchange.json();
        pages.push(body);
        token = nextPageTokenOf(body);
        // A gateway that ignores `pageToken` hands the same token back: its pages would repeat forever.
        if (token === undefined || tokensSeen.has(token)) break;
        tokensSeen.add(token);
      }
      return catalogueFromV1betaPages(pages);
    },
  };
}

async function* eventsOnly(events: StreamEvent[]): AsyncGenerator<StreamEvent, void, undefined> {
  yield* events;
}
