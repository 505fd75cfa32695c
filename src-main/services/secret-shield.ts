// Defence in depth for the one rule: no secret reaches the renderer. A gateway (or a proxy in front of it)
// may echo request headers in an error message, a response header or a body, whole or in part, escaped,
// base64-encoded, or split across stream deltas; everything the gateway client returns, throws, streams or
// shows the inspector for a profile passes through here, with that profile's secrets (its key and its
// extra-header values) hidden. What counts as a secret's trace: secret-matcher.ts.
import type { StreamEvent } from '../../src-preload/contract.ts';
import { AppFailure, isFailure } from '../app-failure.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import type { CallOptions, GatewayClient, UploadCallOptions, WireObserver } from '../gateway/types.ts';
import { compileSecrets, type SecretMatcher } from './secret-matcher.ts';
import { HeldText, scrubValue } from './secret-scrub.ts';
import { createSseScrubber } from './secret-sse.ts';

type Secrets = string | readonly string[];

function matcherOf(secrets: Secrets | SecretMatcher): SecretMatcher {
  if (typeof secrets === 'string') return compileSecrets([secrets]);
  return isMatcher(secrets) ? secrets : compileSecrets(secrets);
}

const isMatcher = (value: Secrets | SecretMatcher): value is SecretMatcher =>
  typeof value === 'object' && 'ranges' in value;

/** `value` with every trace of `secrets` in its strings hidden; the very same value when there is none. */
export function scrubSecret<T>(value: T, secrets: Secrets): T {
  return scrubValue(value, matcherOf(secrets));
}

function scrubFailure(error: unknown, matcher: SecretMatcher): unknown {
  if (!isFailure(error)) return error;
  const details = scrubValue(
    {
      hint: error.hintPhrases,
      status: error.status,
      requestId: error.requestId,
      retryAfterMs: error.retryAfterMs,
    },
    matcher,
  );
  // Rebuilt as the same type, so a catch that tells main's failures from the gateway's still can.
  const Rebuilt = error instanceof AppFailure ? AppFailure : GatewayError;
  // The message and hint keep their words (translated when the renderer is told), their texts scrubbed.
  const message = error.messagePhrase;
  return new Rebuilt(
    error.code,
    typeof message === 'string' ? matcher.scrub(message) : scrubValue(message, matcher),
    {
      ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)),
      retryable: error.retryable,
      // The log tells a TLS or proxy failure by its cause chain: kept, scrubbed like the rest.
      ...(error.cause === undefined ? {} : { cause: scrubCause(error.cause, matcher, 0) }),
    },
  );
}

/**
 * An error of a cause chain with the secrets hidden in its strings (message, stack, code…), of the same
 * kind (prototype) so that whoever reads it still knows it; the chain is followed a few levels deep.
 */
function scrubCause(cause: unknown, matcher: SecretMatcher, depth: number): unknown {
  if (!(cause instanceof Error)) return scrubValue(cause, matcher);
  if (depth > 8) return undefined;
  const copy = Object.create(Object.getPrototypeOf(cause)) as Error;
  for (const name of Object.getOwnPropertyNames(cause)) {
    const descriptor = Object.getOwnPropertyDescriptor(cause, name)!;
    if ('value' in descriptor) {
      const value: unknown = descriptor.value;
      descriptor.value =
        name === 'cause'
          ? scrubCause(value, matcher, depth + 1)
          : typeof value === 'string'
            ? matcher.scrub(value)
            : value;
    }
    Object.defineProperty(copy, name, descriptor);
  }
  return copy;
}

/**
 * An observer that sees the call's traffic only after the secrets are hidden in it. Observers watch the
 * wire from inside the client, below the shield's wrapping of results, so they need their own. Raw SSE
 * messages are scrubbed each after those before it (a secret split over several: secret-sse.ts).
 */
export function shieldObserver(observer: WireObserver, secrets: Secrets | SecretMatcher): WireObserver {
  const matcher = matcherOf(secrets);
  const shielded: WireObserver = {};
  if (observer.request) {
    const request = observer.request.bind(observer);
    shielded.request = (sent) => request(scrubValue(sent, matcher));
  }
  if (observer.response) {
    const response = observer.response.bind(observer);
    shielded.response = (status, headers) => response(status, scrubHeaders(headers, matcher));
  }
  if (observer.sseMessage) {
    const sseMessage = observer.sseMessage.bind(observer);
    const scrubMessage = createSseScrubber(matcher);
    shielded.sseMessage = (message) => sseMessage(scrubMessage(message));
  }
  if (observer.body) {
    const body = observer.body.bind(observer);
    shielded.body = (text) => body(matcher.scrub(text));
  }
  return shielded;
}

function scrubHeaders(headers: Headers, matcher: SecretMatcher): Headers {
  if (matcher.empty) return headers;
  let found = false;
  for (const [, value] of headers) if (matcher.ranges(value).length > 0) found = true;
  if (!found) return headers;
  const scrubbed = new Headers();
  for (const [name, value] of headers) scrubbed.append(name, matcher.scrub(value));
  return scrubbed;
}

type DeltaType = 'text-delta' | 'reasoning-delta';

/**
 * A stream's events with the secrets hidden. The text and the reasoning each arrive as deltas that the
 * window joins into one string, so each keeps back the tail that could begin a secret until the next delta
 * (of the same kind) shows what it is; the tails go out, in the order they were held, before a delta of
 * the other kind or any other event (a usage, the terminal `done` or `error`, which a user's Stop also produces) and when the stream
 * ends, so nothing is lost and every field reads in order.
 */
async function* shieldStream(
  events: () => AsyncIterable<StreamEvent>,
  matcher: SecretMatcher,
): AsyncGenerator<StreamEvent, void, undefined> {
  const held = new Map<DeltaType, HeldText>();
  function* flush(except?: DeltaType): Generator<StreamEvent> {
    // Map order is the order the kinds first held something; emptied kinds are dropped so it stays so.
    for (const [type, text] of held) {
      if (type === except) continue;
      const rest = text.flush();
      if (rest !== '') yield { type, text: rest };
      held.delete(type);
    }
  }
  // Breaking out of this loop returns the inner iterator too, which aborts the request.
  // Called here, so that whatever the call does, even throwing before its first await, is covered.
  for await (const event of events()) {
    if (event.type === 'text-delta' || event.type === 'reasoning-delta') {
      // The other kind's part is over once this one speaks (the reasoning ends as the answer starts):
      // its held tail is shown now rather than at the end of the whole reply.
      yield* flush(event.type);
      let text = held.get(event.type);
      if (!text) {
        text = new HeldText(matcher);
        held.set(event.type, text);
      }
      const shown = text.push(event.text);
      if (!text.holding) held.delete(event.type);
      if (shown !== '') yield { type: event.type, text: shown };
      continue;
    }
    yield* flush();
    yield scrubValue(event, matcher);
  }
  yield* flush();
}

/**
 * The same client, with `secrets` (the profile's key and every extra-header value) hidden from every
 * result, failure, stream event and observed message.
 */
export function shieldSecret(client: GatewayClient, secrets: Secrets): GatewayClient {
  const matcher = matcherOf(secrets);
  const options = <C extends CallOptions | undefined>(call: C): C =>
    call?.observer ? { ...call, observer: shieldObserver(call.observer, matcher) } : call;
  // Both take a thunk so that whatever the call does, even throwing before its first await, is covered.
  const scrubbed = async <R>(result: () => Promise<R>): Promise<R> => {
    try {
      return scrubValue(await result(), matcher);
    } catch (error) {
      throw scrubFailure(error, matcher);
    }
  };
  const stream = (events: () => AsyncIterable<StreamEvent>): AsyncIterable<StreamEvent> =>
    shieldStream(events, matcher);
  /**
   * An upload whose transcript may stream (`onTextDelta`): its text is held back like a stream's, and what
   * is held goes out when the call settles, before its result or failure, so the window loses no words.
   */
  const upload = <R>(
    call: UploadCallOptions | undefined,
    send: (call: UploadCallOptions | undefined) => Promise<R>,
  ) => {
    const deliver = call?.onTextDelta;
    if (!deliver) return scrubbed(() => send(options(call)));
    const held = new HeldText(matcher);
    const onTextDelta = (text: string) => {
      const shown = held.push(text);
      if (shown !== '') deliver(shown);
    };
    return scrubbed(async () => {
      try {
        return await send({ ...options(call), onTextDelta });
      } finally {
        const rest = held.flush();
        if (rest !== '') deliver(rest);
      }
    });
  };
  return {
    transcribe: (source, transcription, call) =>
      upload(call, (shielded) => client.transcribe(source, transcription, shielded)),
    translate: (source, transcription, call) =>
      upload(call, (shielded) => client.translate(source, transcription, shielded)),
    speech: (speech, call) => scrubbed(() => client.speech(speech, options(call))),
    responses: (request, call) => scrubbed(() => client.responses(request, options(call))),
    streamResponses: (request, call) => stream(() => client.streamResponses(request, options(call))),
    chatCompletions: (request, call) => scrubbed(() => client.chatCompletions(request, options(call))),
    streamChatCompletions: (request, call) =>
      stream(() => client.streamChatCompletions(request, options(call))),
    compact: (request, call) => scrubbed(() => client.compact(request, options(call))),
    generateContent: (request, call) => scrubbed(() => client.generateContent(request, options(call))),
    streamGenerateContent: (request, call) =>
      stream(() => client.streamGenerateContent(request, options(call))),
    listModelsV1: (call) => scrubbed(() => client.listModelsV1(options(call))),
    listModelsV1beta: (call) => scrubbed(() => client.listModelsV1beta(options(call))),
  };
}
