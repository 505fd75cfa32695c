// The fake gateway's public shape: what tests (unit, end-to-end, bench) and the hand-started CLI use.
// The server lives in ./server.ts; this file only describes it.
import type { EchoOptions } from './echo-credentials.ts';

export type { EchoOptions };

export interface FakeGatewayOptions {
  /** The key the gateway accepts (Bearer on /v1, the vendor header on /v1beta). Default: a random `sk-fake-…`. */
  apiKey?: string;
  /** Header name accepted for /v1beta calls. Default `x-vendor-api-key`. */
  vendorKeyHeader?: string;
  /** Port to listen on (127.0.0.1 only). Default 0: any free port. */
  port?: number;
  /** Pacing of streamed replies: delay between SSE events in ms. Default 5. */
  eventDelayMs?: number;
  /** The model catalogue both listings answer with and chat/audio calls are checked against. Default: ./catalogue.ts. */
  models?: FakeModel[];
  /**
   * The first chat reply (as `setChatReply`). Default: an echo of the last user text plus some non-ASCII text,
   * or, when the request asks for JSON following a schema, a document built from that schema.
   */
  chatReply?: ChatReply;
  /** The transcript of every upload (as `setTranscript`). Default: plausible sentences fitted to the audio's length. */
  transcript?: TranscriptSpec;
  /**
   * Transcription and translation requests larger than this many bytes get upstream's 413 (OpenAI's audio
   * cap is 25 MB: "Maximum content size limit (26214400) exceeded"): at once when their Content-Length says
   * so, without reading the body, else as soon as that many bytes have arrived. `null`: no limit.
   * Default 26,214,400. Changed at run time with `setUploadLimit`.
   */
  uploadLimitBytes?: number | null;
  /**
   * `/v1beta/models` pages by this many models with `nextPageToken` / `pageToken`, as Google's API does
   * (a smaller `pageSize` query wins). Default: one page, as new-api answers.
   */
  modelPageSize?: number;
  /**
   * The echo-credentials mode (./echo-credentials.ts): send back the key and these headers' values in
   * headers, errors, JSON bodies, chat replies, transcripts and model lists. Default: off.
   */
  echoCredentials?: EchoOptions;
  /** Called once per request when its reply has ended (or the client went away); the CLI logs from here. */
  onRequestDone?: (request: RecordedRequest) => void;
}

/** One model of the fake catalogue. */
export interface FakeModel {
  id: string;
  ownedBy: string;
  /**
   * new-api's `supported_endpoint_types`, which also decide what the model answers: `openai` (Chat
   * Completions), `openai-response` (Responses), `openai-response-compact`, `gemini` (content generation).
   * Other types new-api lists (`anthropic`, `jina-rerank`, …) are shown in the listing but open no format here.
   */
  endpointTypes: string[];
  /**
   * What the listings say the model speaks, when that differs from what it answers: new-api lists a
   * channel type's usual endpoints, and a channel may still fail to convert one of them (500
   * `convert_request_failed`, WIRE.md part 3). Default: `endpointTypes`.
   */
  listedEndpointTypes?: string[];
  displayName?: string;
  inputTokenLimit?: number;
  outputTokenLimit?: number;
}

/**
 * What a transcription answers with. Segments without times are spread evenly over the audio. Without a
 * spec, a PCM WAV is answered from what it holds: one segment per stretch of sound (`tone <Hz>` for a pure
 * tone, a filler sentence for anything else), at the times the sound starts and ends (./sound.ts).
 */
export interface TranscriptSpec {
  /** The whole text; split into sentence segments when `segments` is absent. */
  text?: string;
  segments?: Array<{ text: string; start?: number; end?: number }>;
  /** Reported in verbose_json (e.g. `english`). Default: from the `language` field, else `english`. */
  language?: string;
  /**
   * For a PCM WAV with sound in it: the words of `text` (or of the segments, without times) are shared out
   * over its stretches of speech, one segment per stretch at its real times; tones stay `tone <Hz>`.
   */
  followSound?: boolean;
}

export interface RecordedFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
}

/** What a transcription or translation request uploaded, as the fake understood it. */
export interface RecordedUpload {
  filename: string;
  size: number;
  /** Exact for a PCM WAV (its samples), an estimate from the size otherwise. */
  durationSec: number;
  /** The `prompt` field, or `null` when none was sent. */
  prompt: string | null;
  /** Whether `stream=true` was asked. */
  stream: boolean;
}

/** One transcription or translation request: its upload, where it went, and when it ran. */
export interface UploadRecord extends RecordedUpload {
  path: string;
  /** `Date.now()` when the request's headers arrived, and when its reply ended (or the client left). */
  startedAt: number;
  finishedAt?: number;
  status?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, as sent (still URL-encoded). */
  path: string;
  query: Record<string, string>;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Parsed JSON body, when the request sent JSON. */
  json?: unknown;
  /** Parsed multipart body, when the request sent multipart/form-data. Repeated `key[]` fields become arrays. */
  multipart?: { fields: Record<string, string | string[]>; files: RecordedFile[] };
  /** A short non-JSON, non-multipart body as text (first 64 KB). */
  text?: string;
  bodyBytes: number;
  receivedAt: number;
  /** The HTTP status answered, once headers were sent. */
  status?: number;
  /** `Date.now()` when the reply ended or the client went away. */
  finishedAt?: number;
  /** True when the client closed the connection before the reply had ended. */
  closedByClient?: boolean;
  /** A transcription's or translation's upload, once its body was read. */
  upload?: RecordedUpload;
}

/** Ways the gateway can be told to misbehave (WIRE.md part 3). */
export type Fault =
  /** An HTTP error with a realistic body. `shape` picks the body: OpenAI-style, Gemini-style, empty, or plain text. */
  | {
      kind: 'status';
      status: number;
      shape: 'openai' | 'gemini' | 'empty' | 'text';
      message?: string;
      /** OpenAI `error.code` / `error.type`, or the Gemini `status` string. */
      code?: string | number;
      type?: string;
      retryAfterSeconds?: number;
      /** Appended to the message as ` (request id: X)` and sent as an `x-request-id` header. */
      requestId?: string;
      /**
       * Gemini shape only: Google's wait hint in the body (`details[]` with a `google.rpc.RetryInfo`), e.g. `34s`,
       * which Google sends instead of a `Retry-After` header.
       */
      retryDelay?: string;
      /**
       * Answer only after this many milliseconds (counted from the end of the request body), as a proxy does
       * that waited on its upstream first: nginx's 504 after `proxy_read_timeout`, Cloudflare's 524 after 100 s.
       * Default: at once, as a gateway that refuses without asking anyone.
       */
      delayMs?: number;
    }
  /** 200 with a body that is not valid JSON. */
  | { kind: 'malformed-json' }
  /** A stream that ends (socket closed) after N events, without its terminal event. */
  | { kind: 'cut-stream'; afterEvents: number }
  /**
   * A stream that sends an error event after N events (the format's own error shape). On /v1/responses
   * `event` picks `error` (default) or a `response.failed` terminal; on /v1/chat/completions it is a
   * `data: {"error": {…}}` chunk and no `[DONE]`. A non-streamed transcription answers 200 with an `{error}`
   * object: alone when `afterEvents` is 0, else after the transcript; a non-streamed chat call answers 500.
   */
  | { kind: 'error-event'; afterEvents: number; message?: string; event?: 'error' | 'response.failed' }
  /** No response headers for `ms` milliseconds. */
  | { kind: 'stall-headers'; ms: number }
  /** A stream that goes silent for `ms` after N events, then continues. */
  | { kind: 'stall-stream'; afterEvents: number; ms: number }
  /** One SSE event whose data is `bytes` long. */
  | { kind: 'oversize-event'; bytes: number }
  /** The reply sent in tiny pieces: `bytesPerChunk` every `delayMs`. */
  | { kind: 'trickle'; bytesPerChunk: number; delayMs: number }
  /**
   * The TCP connection destroyed without an answer: as soon as the request arrives (default), or with
   * `afterBody` once the whole body was read, as when a gateway or the proxy in front of it dies or is
   * restarted while working on the request. Either way the client cannot tell whether it was taken.
   */
  | { kind: 'reset'; afterBody?: boolean };

export interface FaultRule {
  /** Which requests it applies to; every request when absent. A string matches a path prefix. */
  match?: { method?: string; path?: string | RegExp };
  /** How many matching requests fail before the rule is used up. Default 1. */
  times?: number;
  fault: Fault;
}

/** The three chat formats, each with its own scripted reply (`setChatReplyFor`). */
export type ReplyFormat = 'responses' | 'chat' | 'content';

/** What streamed and non-streamed chat calls answer with, in whichever format they were asked. */
export interface ChatReply {
  text: string;
  /**
   * Reasoning sent before the text: a reasoning summary (Responses), `reasoning_content` (Chat Completions)
   * or thought parts (content generation).
   */
  reasoning?: string;
  /** Characters per text delta. Default 8. */
  chunkSize?: number;
  /**
   * When the reasoning is sent: `always` (default), or only when the request asks for it
   * (`reasoning.summary` on Responses, `reasoning_effort` other than `none` on Chat Completions,
   * `thinkingConfig.includeThoughts` on content generation).
   */
  reasoningWhen?: 'always' | 'requested';
  /**
   * End the turn early: `max_output_tokens` (Responses `incomplete` / Chat Completions `finish_reason:
   * "length"` / finishReason `MAX_TOKENS`, each with the first half of the text) or `content_filter`
   * (Responses `incomplete` / `finish_reason: "content_filter"` with no text / a blocked prompt with
   * `promptFeedback` and no candidates).
   */
  incomplete?: 'max_output_tokens' | 'content_filter';
  /**
   * End the turn by calling a tool, after the text (if any): Chat Completions `tool_calls` with
   * `finish_reason: "tool_calls"`, a Responses `function_call` output item, a content-generation
   * `functionCall` part. `arguments` is the JSON text of the arguments.
   */
  toolCall?: { name: string; arguments: string };
}

/** Passed to `onRequestClosed` listeners. */
export interface RequestClosedEvent {
  request: RecordedRequest;
  /** SSE events written before the close was noticed (0 for non-streamed replies). */
  eventsSent: number;
  /** `performance.now()` in this process when the server noticed the close. */
  at: number;
}

export interface FakeGateway {
  baseUrl: string;
  apiKey: string;
  vendorKeyHeader: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Adds a fault rule; rules are tried in the order added. */
  inject(rule: FaultRule): void;
  clearFaults(): void;
  /** Sets the reply of the chat endpoints (all three formats). */
  setChatReply(reply: ChatReply): void;
  setEventDelay(ms: number): void;
  /** Forgets recorded requests, faults and custom replies. */
  reset(): void;
  close(): Promise<void>;

  // Additions (all present on what `startFakeGateway` returns; optional here so the interface stays compatible).

  /** Replaces the chat reply of one format only; `setChatReply` sets all three. */
  setChatReplyFor?(format: ReplyFormat, reply: ChatReply): void;
  /** Sets the transcript of later uploads; `null` goes back to the generated one. */
  setTranscript?(transcript: TranscriptSpec | null): void;
  /** Replaces the catalogue (both listings, and the known-model check); `null` restores the default. */
  setModels?(models: FakeModel[] | null): void;
  /** Pages `/v1beta/models` (see `FakeGatewayOptions.modelPageSize`); `null` answers in one page again. */
  setModelPageSize?(size: number | null): void;
  /** Changes the upload limit of transcriptions and translations (`null`: none); `reset` restores it. */
  setUploadLimit?(bytes: number | null): void;
  /**
   * Every transcription and translation request whose upload was read, in the order they arrived, with
   * when each started and ended: how a test sees parts sent one after another or side by side.
   */
  uploads?(): UploadRecord[];
  /** Turns the echo-credentials mode on (with these options) or off (`null`). */
  setEchoCredentials?(echo: EchoOptions | null): void;
  /** Requests whose reply has not ended yet. */
  readonly activeRequests?: number;
  /** How many replies the client abandoned (connection closed before the reply ended). */
  readonly closedByClient?: number;
  /** Called whenever a client abandons a reply; returns an unsubscribe function. */
  onRequestClosed?(listener: (event: RequestClosedEvent) => void): () => void;
  /** Resolves at the next abandoned reply; rejects after `timeoutMs` (default 5000). */
  nextRequestClosed?(timeoutMs?: number): Promise<RequestClosedEvent>;
}
