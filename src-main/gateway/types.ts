// The gateway client's public shape. Plain Node: no electron import anywhere under src-main/gateway.
import type {
  AudioSource,
  CatalogueModel,
  ChatCompletionsRequest,
  CompactRequest,
  CompactResult,
  GenerateContentRequest,
  ResponsesRequest,
  SentRequest,
  SpeechClip,
  SpeechOptions,
  StreamEvent,
  Transcript,
  TranscriptionOptions,
} from '../../src-preload/contract.ts';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface GatewayTimeouts {
  /** Time allowed until response headers arrive. */
  headersMs: number;
  /** Longest silence allowed between two chunks of a body or stream. */
  idleMs: number;
}

export interface RetryPolicy {
  /** Retries after the first attempt (0 disables). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error reports it instead. Default 30 s. */
  maxRetryAfterMs?: number;
  /**
   * A POST whose 502/503/504 came back within this many ms of the request being sent is resent: an answer
   * that fast means the gateway turned it away rather than worked on it. Default 2 s.
   */
  fastFailureMs: number;
}

export interface StreamLimits {
  /** Largest single SSE event, in bytes. */
  maxEventBytes: number;
  /** Largest whole stream, in bytes. */
  maxStreamBytes: number;
}

export interface GatewayClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Header carrying the key on /v1beta calls. Default `x-vendor-api-key`. */
  vendorKeyHeader?: string;
  extraHeaders?: Record<string, string>;
  /** Injected fetch; defaults to the global (Node's own) fetch. */
  fetch?: FetchLike;
  timeouts?: Partial<GatewayTimeouts>;
  retry?: Partial<RetryPolicy>;
  limits?: Partial<StreamLimits>;
  /** Injected sleep for retry backoff (tests pass a fast one). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Watches one call's traffic as it crosses the wire, for the inspector. Callbacks run synchronously
 * on the request path, so they must be cheap and must not throw. With retries, every attempt starts
 * with `request` again: whatever was reported before it belongs to an attempt that was given up.
 */
export interface WireObserver {
  /** The request as sent, the key replaced by `KEY_PLACEHOLDER`. */
  request?(sent: SentRequest): void;
  /** The answer's status and headers, as soon as they arrive (error answers too). */
  response?(status: number, headers: Headers): void;
  /** One SSE message as received, before any normalising. */
  sseMessage?(message: { event: string | undefined; data: string }): void;
  /** A body read whole as text: a JSON answer, or an error answer's body. */
  body?(text: string): void;
}

export interface CallOptions {
  signal?: AbortSignal;
  observer?: WireObserver;
}

export interface UploadCallOptions extends CallOptions {
  onUploadProgress?: (sent: number, total: number) => void;
  /**
   * A streamed transcription's text as it arrives (`stream: true`), in order; the returned transcript is
   * the gateway's final text. Not called when the gateway answers the whole transcript at once.
   */
  onTextDelta?: (text: string) => void;
}

export interface SpeechCallOptions extends CallOptions {
  /** Folder the clip is written to; the file name is chosen by the client. */
  directory: string;
  /** Called as audio bytes arrive (bytes so far). */
  onProgress?: (received: number) => void;
}

/** A non-streamed chat reply, normalised, with the raw body kept for the inspector. */
export interface ChatResult {
  text: string;
  reasoning: string;
  usage: import('../../src-preload/contract.ts').TokenUsage | null;
  status: string;
  responseId?: string;
  raw: unknown;
}

export interface GatewayClient {
  transcribe(
    source: AudioSource,
    options: TranscriptionOptions,
    call?: UploadCallOptions,
  ): Promise<Transcript>;
  translate(
    source: AudioSource,
    options: TranscriptionOptions,
    call?: UploadCallOptions,
  ): Promise<Transcript>;
  speech(options: SpeechOptions, call: SpeechCallOptions): Promise<SpeechClip>;
  responses(request: ResponsesRequest, call?: CallOptions): Promise<ChatResult>;
  streamResponses(request: ResponsesRequest, call?: CallOptions): AsyncIterable<StreamEvent>;
  compact(request: CompactRequest, call?: CallOptions): Promise<CompactResult>;
  /** `POST /v1/chat/completions` (Bearer). */
  chatCompletions(request: ChatCompletionsRequest, call?: CallOptions): Promise<ChatResult>;
  streamChatCompletions(request: ChatCompletionsRequest, call?: CallOptions): AsyncIterable<StreamEvent>;
  generateContent(request: GenerateContentRequest, call?: CallOptions): Promise<ChatResult>;
  streamGenerateContent(request: GenerateContentRequest, call?: CallOptions): AsyncIterable<StreamEvent>;
  /** `GET /v1/models` (Bearer). */
  listModelsV1(call?: CallOptions): Promise<CatalogueModel[]>;
  /** `GET /v1beta/models` (vendor header). */
  listModelsV1beta(call?: CallOptions): Promise<CatalogueModel[]>;
}
