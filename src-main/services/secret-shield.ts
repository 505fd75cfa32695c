// Defence in depth for the one rule: the key never reaches the renderer. A gateway (or a proxy in
// front of it) may echo request headers in an error message or a body; everything the gateway client
// returns, throws or streams for a profile passes through here, with that profile's key blotted out.
import type { StreamEvent } from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import type { CallOptions, GatewayClient, WireObserver } from '../gateway/types.ts';

const HIDDEN = '[key hidden]';
/** Shorter "keys" would blot out ordinary words; real keys are far longer. */
const MIN_SECRET_LENGTH = 8;

/**
 * `value` with every occurrence of `secret` in its strings replaced. Parts with nothing to replace are
 * returned as they are (no copy): this runs on every streamed token.
 */
export function scrubSecret<T>(value: T, secret: string): T {
  if (secret.length < MIN_SECRET_LENGTH) return value;
  const scrub = (item: unknown): unknown => {
    if (typeof item === 'string') return item.includes(secret) ? item.split(secret).join(HIDDEN) : item;
    if (Array.isArray(item)) {
      const items = item.map(scrub);
      return items.some((next, i) => next !== item[i]) ? items : item;
    }
    if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      const entries = Object.entries(item);
      const scrubbed = entries.map(([k, v]) => [k, scrub(v)] as const);
      return scrubbed.some(([, next], i) => next !== entries[i]?.[1]) ? Object.fromEntries(scrubbed) : item;
    }
    return item;
  };
  return scrub(value) as T;
}

function scrubFailure(error: unknown, secret: string): unknown {
  if (!(error instanceof AppFailure)) return error;
  const details = scrubSecret(
    { hint: error.hint, status: error.status, requestId: error.requestId, retryAfterMs: error.retryAfterMs },
    secret,
  );
  return new AppFailure(error.code, scrubSecret(error.message, secret), {
    ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)),
    retryable: error.retryable,
  });
}

/**
 * An observer that sees the call's traffic only after `secret` is blotted out of it. Observers watch the
 * wire from inside the client, below the shield's wrapping of results, so they need their own.
 */
export function shieldObserver(observer: WireObserver, secret: string): WireObserver {
  const shielded: WireObserver = {};
  if (observer.request) {
    const request = observer.request.bind(observer);
    shielded.request = (sent) => request(scrubSecret(sent, secret));
  }
  if (observer.response) {
    const response = observer.response.bind(observer);
    shielded.response = (status, headers) => response(status, scrubHeaders(headers, secret));
  }
  if (observer.sseMessage) {
    const sseMessage = observer.sseMessage.bind(observer);
    shielded.sseMessage = (message) => sseMessage(scrubSecret(message, secret));
  }
  if (observer.body) {
    const body = observer.body.bind(observer);
    shielded.body = (text) => body(scrubSecret(text, secret));
  }
  return shielded;
}

function scrubHeaders(headers: Headers, secret: string): Headers {
  if (secret.length < MIN_SECRET_LENGTH) return headers;
  let found = false;
  for (const [, value] of headers) if (value.includes(secret)) found = true;
  if (!found) return headers;
  const scrubbed = new Headers();
  for (const [name, value] of headers) scrubbed.append(name, scrubSecret(value, secret));
  return scrubbed;
}

/** The same client, with `secret` scrubbed from every result, failure, stream event and observed message. */
export function shieldSecret(client: GatewayClient, secret: string): GatewayClient {
  const options = <C extends CallOptions | undefined>(call: C): C =>
    call?.observer ? { ...call, observer: shieldObserver(call.observer, secret) } : call;
  // Both take a thunk so that whatever the call does, even throwing before its first await, is covered.
  const scrubbed = async <R>(result: () => Promise<R>): Promise<R> => {
    try {
      return scrubSecret(await result(), secret);
    } catch (error) {
      throw scrubFailure(error, secret);
    }
  };
  const stream = (events: () => AsyncIterable<StreamEvent>): AsyncIterable<StreamEvent> =>
    (async function* () {
      // Breaking out of this loop returns the inner iterator too, which aborts the request.
      for await (const event of events()) yield scrubSecret(event, secret);
    })();
  return {
    transcribe: (source, transcription, call) =>
      scrubbed(() => client.transcribe(source, transcription, options(call))),
    translate: (source, transcription, call) =>
      scrubbed(() => client.translate(source, transcription, options(call))),
    speech: (speech, call) => scrubbed(() => client.speech(speech, options(call))),
    responses: (request, call) => scrubbed(() => client.responses(request, options(call))),
    streamResponses: (request, call) => stream(() => client.streamResponses(request, options(call))),
    compact: (request, call) => scrubbed(() => client.compact(request, options(call))),
    generateContent: (request, call) => scrubbed(() => client.generateContent(request, options(call))),
    streamGenerateContent: (request, call) =>
      stream(() => client.streamGenerateContent(request, options(call))),
    listModelsV1: (call) => scrubbed(() => client.listModelsV1(options(call))),
    listModelsV1beta: (call) => scrubbed(() => client.listModelsV1beta(options(call))),
  };
}
