// The request core every endpoint goes through: URL and auth per family, time limits, abort, retries,
// and bounded body reading. Everything it throws is a `GatewayError`.
import {
  DEFAULT_VENDOR_KEY_HEADER,
  GOOGLE_KEY_HEADER,
  KEY_PLACEHOLDER,
  type SentRequest,
} from '../../src-preload/contract.ts';
import { headerPlaceholder } from '../../src-preload/secret-placeholders.ts';
import {
  DEFAULT_LIMITS,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUTS,
  MAX_ERROR_BODY_BYTES,
} from './defaults.ts';
import {
  abortedFailure,
  connectionNeverMade,
  failureFromErrorObject,
  failureFromHttp,
  localFailure,
  malformedFailure,
  networkFailure,
  notResentFailure,
  type Operation,
  type TimeoutKind,
  timeoutFailure,
  tooLargeStreamFailure,
  trailingErrorObject,
} from './errors.ts';
import { GatewayError } from './gateway-error.ts';
import type {
  FetchLike,
  GatewayClientOptions,
  GatewayTimeouts,
  RetryPolicy,
  StreamLimits,
  WireObserver,
} from './types.ts';
import { words } from './words.ts';

/** A request body that is streamed (multipart uploads); built anew for every attempt. */
export interface UploadBody {
  stream: ReadableStream<Uint8Array>;
  length: number;
  contentType: string;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** `/v1/...` or `/v1beta/...`, with any query string. The prefix decides the auth header. */
  path: string;
  operation: Operation;
  json?: unknown;
  /** Opens the upload body; called once per attempt so a retry re-reads the source from the start. */
  upload?: () => Promise<UploadBody>;
  accept?: string;
  signal?: AbortSignal | undefined;
  /** Told what each attempt sends and what comes back (for the inspector). */
  observer?: WireObserver | undefined;
}

/** A 2xx answer whose body has not been read yet. */
export interface Exchange {
  response: Response;
  /** The request of the attempt that got this answer, as the inspector shows it (key masked). */
  sent: SentRequest;
  /** The body in chunks, with the idle limit and the size cap applied. Reading it to the end releases the request. */
  chunks(maxBytes?: number): AsyncGenerator<Uint8Array, void, undefined>;
  text(maxBytes?: number): Promise<string>;
  json(maxBytes?: number): Promise<unknown>;
  /** Ends the request at once (early stop); safe to call more than once. */
  close(): void;
}

export interface HttpCore {
  send(spec: RequestSpec): Promise<Exchange>;
  readonly timeouts: GatewayTimeouts;
  readonly limits: StreamLimits;
}

// setTimeout cannot wait longer than this; larger limits are clamped rather than firing at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

type EndReason = 'caller' | 'closed' | TimeoutKind;

/** One attempt's abort controller, its single timer, and the link to the caller's signal. */
class Lifetime {
  readonly controller = new AbortController();
  reason: EndReason | undefined;
  /** Headers arrived: the upload's own timers no longer apply. */
  responded = false;
  /** `performance.now()` when the last byte of the request was handed to fetch; unset while it is being sent. */
  sentAt: number | undefined;
  timerMs = 0;
  /** Run when the request ends early, e.g. to cancel a body reader an injected fetch did not wire to the signal. */
  onEnd: (() => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly unlink: (() => void) | undefined;

  constructor(external: AbortSignal | undefined) {
    if (external) {
      const onAbort = (): void => this.end('caller');
      external.addEventListener('abort', onAbort, { once: true });
      this.unlink = () => external.removeEventListener('abort', onAbort);
    }
  }

  arm(kind: TimeoutKind, ms: number): void {
    this.disarm();
    if (!(ms > 0) || !Number.isFinite(ms)) return;
    this.timerMs = ms;
    this.timer = setTimeout(() => this.end(kind), Math.min(ms, MAX_TIMER_MS));
  }

  disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  end(reason: EndReason): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.disarm();
    this.unlink?.();
    this.controller.abort(new Error(`gateway request ended: ${reason}`));
    this.onEnd?.();
  }

  /** Settles with the request (or rejects as soon as it ends early, whatever the fetch does with the signal). */
  race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** The request finished normally: stop the timer and let go of the caller's signal. */
  dispose(): void {
    this.disarm();
    this.unlink?.();
  }
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** What one failed attempt showed about whether the gateway can have started on the request. */
export interface AttemptEvidence {
  /** The connection was never made (refused, name not resolved, connect timed out): nothing reached the gateway. */
  neverConnected?: boolean;
  /** Time from the request being fully sent to the answer's headers (0 when it came sooner); unset without an answer. */
  answeredAfterMs?: number;
}

const UPSTREAM_STATUSES = new Set([502, 503, 504]);

/**
 * The one retry decision. A GET is repeated whenever its failure may pass. A relay bills every POST it
 * forwards, so a POST is resent only when the gateway provably did not take it (WIRE.md part 3): the
 * connection was never made; the gateway said "not now" (429, or 503 with Retry-After); or a 502/503/504
 * came back within `fastFailureMs`, before any upstream could have worked on it. A reset after the
 * connection was made, a slow 5xx (Cloudflare's 524 after 100 s) or any other 5xx may follow a request the
 * upstream ran: those reach the user, who can send it again with one click.
 */
export function mayResend(
  method: RequestSpec['method'],
  failure: GatewayError,
  evidence: AttemptEvidence,
  policy: RetryPolicy,
): boolean {
  if (!failure.retryable) return false;
  if (method === 'GET') return true;
  if (evidence.neverConnected) return true;
  const status = failure.status;
  if (evidence.answeredAfterMs === undefined || status === undefined) return false;
  if (status === 429 || (status === 503 && failure.retryAfterMs !== undefined)) return true;
  return UPSTREAM_STATUSES.has(status) && evidence.answeredAfterMs <= policy.fastFailureMs;
}

/** Backoff before retry number `attempt + 1`, or undefined when the server asks for a wait too long to hide. */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | undefined {
  if (retryAfterMs !== undefined) {
    const cap = policy.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    return retryAfterMs > cap ? undefined : retryAfterMs;
  }
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  // "Equal jitter": half fixed, half random, so clients that failed together do not retry together.
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

const AUTH_HEADERS = new Set(['authorization', DEFAULT_VENDOR_KEY_HEADER, GOOGLE_KEY_HEADER]);

/**
 * Request headers that remember the order their names were first set in, as fetch sends them (a
 * `Headers` object iterates sorted), so the inspector can show the request as it went out.
 */
class OrderedHeaders {
  readonly headers = new Headers();
  readonly #names: string[] = [];

  set(name: string, value: string): void {
    this.headers.set(name, value);
    const lower = name.toLowerCase();
    if (!this.#names.includes(lower)) this.#names.push(lower);
  }

  /** Lower-cased names with the values as `Headers` normalised them, `mask` applied to each value. */
  list(mask: (name: string, value: string) => string): Array<[string, string]> {
    return this.#names.map((name) => [name, mask(name, this.headers.get(name) ?? '')]);
  }
}

export function createHttpCore(options: GatewayClientOptions): HttpCore {
  const baseUrl = options.baseUrl.trim().replace(/\/+$/, '');
  const vendorKeyHeader =
    (options.vendorKeyHeader ?? DEFAULT_VENDOR_KEY_HEADER).trim() || DEFAULT_VENDOR_KEY_HEADER;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeouts: GatewayTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const limits: StreamLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? defaultSleep;
  const authNames = new Set([...AUTH_HEADERS, vendorKeyHeader.toLowerCase()]);

  const vendorHeaderName = vendorKeyHeader.toLowerCase();
  /** The extra headers' values by lower-cased name: secrets like the key (issue 14, item 12). */
  const extraValues = new Map(
    Object.entries(options.extraHeaders ?? {}).map(([name, value]) => [name.toLowerCase(), value.trim()]),
  );
  /**
   * What the inspector shows instead of the key and the extra headers' values: shell variables a copied
   * curl command can use. An empty value hides nothing and stays as it is.
   */
  const maskKey = (name: string, value: string): string => {
    if (name === 'authorization') return `Bearer ${KEY_PLACEHOLDER}`;
    if (name === vendorHeaderName) return KEY_PLACEHOLDER;
    if (value !== '' && extraValues.get(name) === value) return headerPlaceholder(name);
    return value;
  };

  function buildHeaders(spec: RequestSpec): OrderedHeaders {
    const headers = new OrderedHeaders();
    try {
      for (const [name, value] of Object.entries(options.extraHeaders ?? {})) {
        // A stray auth header among the extras must never override (or add to) the family's own auth.
        if (!authNames.has(name.toLowerCase())) headers.set(name, value);
      }
    } catch (error) {
      throw new GatewayError('invalid_input', words('message.badExtraHeader'), {
        hint: words('hint.badExtraHeader'),
        cause: error,
      });
    }
    headers.set('accept', spec.accept ?? 'application/json');
    if (spec.json !== undefined) headers.set('content-type', 'application/json');
    try {
      if (spec.path.startsWith('/v1beta/') || spec.path === '/v1beta')
        headers.set(vendorKeyHeader, options.apiKey);
      else headers.set('authorization', `Bearer ${options.apiKey}`);
    } catch (error) {
      // `Headers` throws a TypeError for a character HTTP cannot carry, e.g. an invisible one pasted with
      // the key. Nothing was sent: this is not a network problem, and sending again cannot help.
      throw new GatewayError('invalid_input', words('message.badKeyCharacter'), {
        hint: words('hint.badKeyCharacter'),
        cause: error,
      });
    }
    return headers;
  }

  function buildUrl(path: string): string {
    const url = `${baseUrl}${path}`;
    if (!URL.canParse(url)) {
      throw new GatewayError('invalid_input', words('message.badBaseUrl'), {
        hint: words('hint.badBaseUrl'),
      });
    }
    return url;
  }

  function failureFor(
    error: unknown,
    lifetime: Lifetime,
    spec: RequestSpec,
    midAnswer: boolean,
    partKept = midAnswer,
  ): GatewayError {
    if (error instanceof GatewayError) return error;
    switch (lifetime.reason) {
      case 'caller':
      case 'closed':
        return abortedFailure();
      case 'headers':
      case 'idle':
      case 'upload':
        return timeoutFailure(lifetime.reason, lifetime.timerMs, spec.operation);
      default:
        return networkFailure(error, spec.operation, midAnswer, partKept);
    }
  }

  /** Wraps an upload so that a stalled upload times out and the headers clock starts when it is all sent. */
  function watchUpload(
    inner: ReadableStream<Uint8Array>,
    lifetime: Lifetime,
    onError: (failure: GatewayError) => void,
  ): ReadableStream<Uint8Array> {
    const reader = inner.getReader();
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (!lifetime.responded) lifetime.arm('upload', timeouts.idleMs);
          try {
            const { done, value } = await reader.read();
            if (done) {
              lifetime.sentAt ??= performance.now();
              if (!lifetime.responded) lifetime.arm('headers', timeouts.headersMs);
              controller.close();
            } else {
              controller.enqueue(value);
            }
          } catch (error) {
            if (error instanceof GatewayError) onError(error);
            controller.error(error);
          }
        },
        cancel(reason) {
          return reader.cancel(reason).catch(() => undefined);
        },
      },
      { highWaterMark: 0 },
    );
  }

  async function readAll(body: AsyncGenerator<Uint8Array, void, undefined>): Promise<string> {
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
    return text + decoder.decode();
  }

  function makeExchange(
    response: Response,
    lifetime: Lifetime,
    spec: RequestSpec,
    sent: SentRequest,
  ): Exchange {
    let finished = false;
    const close = (): void => {
      if (finished) return;
      finished = true;
      lifetime.end('closed');
    };

    /**
     * `partKept`: whether the reader keeps what it was given before a failure (a stream shows it as it
     * comes); a body read whole by `text` is dropped when it is cut, and the failure must not say otherwise.
     */
    async function* chunks(
      maxBytes = limits.maxStreamBytes,
      partKept = true,
    ): AsyncGenerator<Uint8Array, void, undefined> {
      if (finished) throw abortedFailure();
      if (!response.body) {
        finished = true;
        lifetime.dispose();
        return;
      }
      const reader = response.body.getReader();
      // A pending read must end when the request does, even with a fetch that ignores the signal.
      lifetime.onEnd = () => {
        reader.cancel().catch(() => undefined);
      };
      let total = 0;
      let complete = false;
      try {
        while (true) {
          lifetime.arm('idle', timeouts.idleMs);
          let result: ReadableStreamReadResult<Uint8Array>;
          try {
            result = await reader.read();
          } catch (error) {
            throw failureFor(error, lifetime, spec, true, partKept);
          }
          // Time the consumer spends on a chunk is not the gateway's silence.
          lifetime.disarm();
          if (lifetime.reason !== undefined) throw failureFor(undefined, lifetime, spec, true, partKept);
          if (result.done) {
            complete = true;
            return;
          }
          total += result.value.byteLength;
          if (total > maxBytes) throw tooLargeStreamFailure('answer', maxBytes, spec.operation);
          yield result.value;
        }
      } finally {
        if (complete) {
          finished = true;
          lifetime.dispose();
        } else {
          close();
          reader.cancel().catch(() => undefined);
        }
      }
    }

    /** The whole body as text; a body read whole is what the inspector shows as the raw answer. */
    async function text(maxBytes?: number): Promise<string> {
      const whole = await readAll(chunks(maxBytes, false));
      spec.observer?.body?.(whole);
      return whole;
    }

    return {
      response,
      sent,
      chunks,
      text,
      async json(maxBytes) {
        const whole = await text(maxBytes);
        try {
          return JSON.parse(whole);
        } catch {
          // A relay that met an error after it had started the answer appends that error: report it.
          const trailing = trailingErrorObject(whole);
          if (trailing) throw failureFromErrorObject(trailing, spec.operation, response.headers);
          const looksLikePage = whole.trimStart().startsWith('<');
          throw malformedFailure(
            looksLikePage ? words('malformed.webPage') : words('malformed.notJson'),
            spec.operation,
          );
        }
      },
      close,
    };
  }

  /**
   * `jsonText`: the spec's JSON body, stringified once for every attempt (and for the inspector).
   * `evidence` is filled in with what a failure proves about the gateway having seen the request.
   */
  async function attempt(
    spec: RequestSpec,
    jsonText: string | undefined,
    evidence: AttemptEvidence,
  ): Promise<Exchange> {
    const headers = buildHeaders(spec);
    const url = buildUrl(spec.path);
    const lifetime = new Lifetime(spec.signal);
    let uploadFailure: GatewayError | undefined;
    let body: BodyInit | undefined;
    let streamed = false;
    try {
      if (jsonText !== undefined) {
        body = jsonText;
        lifetime.arm('headers', timeouts.headersMs);
      } else if (spec.upload) {
        const upload = await spec.upload();
        headers.set('content-type', upload.contentType);
        headers.set('content-length', String(upload.length));
        body = watchUpload(upload.stream, lifetime, (failure) => {
          uploadFailure = failure;
        });
        streamed = true;
        lifetime.arm('upload', timeouts.idleMs);
      } else {
        lifetime.arm('headers', timeouts.headersMs);
      }
    } catch (error) {
      lifetime.dispose();
      throw error;
    }

    const sent: SentRequest = {
      method: spec.method,
      url,
      headers: headers.list(maskKey),
      body: jsonText ?? null,
    };
    spec.observer?.request?.(sent);
    let response: Response;
    try {
      const init: RequestInit & { duplex?: 'half' } = {
        method: spec.method,
        headers: headers.headers,
        signal: lifetime.controller.signal,
        // Never follow a redirect: fetch drops `Authorization` on a cross-origin redirect but not our
        // custom /v1beta key header, which would go to whatever host the gateway names. Refusing also
        // stops fetch from keeping every chunk of a streamed upload in case it must replay it.
        redirect: 'error',
      };
      if (body !== undefined) init.body = body;
      // Node's fetch needs `duplex: 'half'` for a stream body (Node 20 and 22 alike).
      if (streamed) init.duplex = 'half';
      // A JSON body (or none) is handed over whole; an upload is sent once its source is read to the end.
      else lifetime.sentAt = performance.now();
      response = await lifetime.race(fetchImpl(url, init));
    } catch (error) {
      lifetime.dispose();
      if (uploadFailure === undefined && lifetime.reason === undefined)
        evidence.neverConnected = connectionNeverMade(error);
      throw uploadFailure ?? failureFor(error, lifetime, spec, false);
    }
    lifetime.responded = true;
    lifetime.disarm();
    // An answer before the upload ended cannot follow a request the gateway ran: it never had all of it.
    evidence.answeredAfterMs =
      lifetime.sentAt === undefined ? 0 : Math.max(0, performance.now() - lifetime.sentAt);
    spec.observer?.response?.(response.status, response.headers);

    if (response.ok) return makeExchange(response, lifetime, spec, sent);

    // An error answer: read its (small) body for the message, then let the connection go.
    const exchange = makeExchange(response, lifetime, spec, sent);
    let bodyText = '';
    try {
      bodyText = await exchange.text(MAX_ERROR_BODY_BYTES);
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'aborted') throw error;
      // A cut or oversized error body still leaves the status to go by.
    } finally {
      exchange.close();
    }
    throw failureFromHttp({
      status: response.status,
      statusText: response.statusText,
      bodyText,
      headers: response.headers,
      operation: spec.operation,
    });
  }

  async function send(spec: RequestSpec): Promise<Exchange> {
    let jsonText: string | undefined;
    try {
      if (spec.json !== undefined) jsonText = JSON.stringify(spec.json);
    } catch (error) {
      throw new GatewayError('invalid_input', 'The request could not be written as JSON.', { cause: error });
    }
    for (let attemptIndex = 0; ; attemptIndex++) {
      if (spec.signal?.aborted) throw abortedFailure();
      let failure: GatewayError;
      const evidence: AttemptEvidence = {};
      try {
        return await attempt(spec, jsonText, evidence);
      } catch (error) {
        // The attempt maps every failure of the connection itself; anything else it throws happened
        // here, before or around sending (e.g. a TypeError while building the request), and is local.
        failure = localFailure(error);
      }
      if (!mayResend(spec.method, failure, evidence, retry)) {
        throw failure.retryable && !spec.signal?.aborted ? notResentFailure(failure) : failure;
      }
      if (attemptIndex >= retry.maxRetries || spec.signal?.aborted) throw failure;
      const delay = retryDelayMs(attemptIndex, failure.retryAfterMs, retry);
      if (delay === undefined) throw failure;
      try {
        await sleep(delay, spec.signal);
      } catch {
        // An injected sleep may reject on abort; the check below turns that into `aborted`.
      }
      if (spec.signal?.aborted) throw abortedFailure();
    }
  }

  return { send, timeouts, limits };
}
