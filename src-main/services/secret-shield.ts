// Defence in depth for the one rule: the key never reaches the renderer. A gateway (or a proxy in
// front of it) may echo request headers in an error message or a body; everything the gateway client
// returns, throws or streams for a profile passes through here, with that profile's key blotted out.
import type { StreamEvent } from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import type { GatewayClient } from '../gateway/types.ts';

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

/** The same client, with `secret` scrubbed from every result, failure and stream event. */
export function shieldSecret(client: GatewayClient, secret: string): GatewayClient {
  const call =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return scrubSecret(await method(...args), secret);
      } catch (error) {
        throw scrubFailure(error, secret);
      }
    };
  const stream =
    <A extends unknown[]>(method: (...args: A) => AsyncIterable<StreamEvent>) =>
    (...args: A): AsyncIterable<StreamEvent> =>
      (async function* () {
        // Breaking out of this loop returns the inner iterator too, which aborts the request.
        for await (const event of method(...args)) yield scrubSecret(event, secret);
      })();
  return {
    transcribe: call(client.transcribe.bind(client)),
    translate: call(client.translate.bind(client)),
    speech: call(client.speech.bind(client)),
    responses: call(client.responses.bind(client)),
    streamResponses: stream(client.streamResponses.bind(client)),
    compact: call(client.compact.bind(client)),
    generateContent: call(client.generateContent.bind(client)),
    streamGenerateContent: stream(client.streamGenerateContent.bind(client)),
    listModelsV1: call(client.listModelsV1.bind(client)),
    listModelsV1beta: call(client.listModelsV1beta.bind(client)),
  };
}
