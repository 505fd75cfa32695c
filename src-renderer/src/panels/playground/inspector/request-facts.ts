// Small facts read off a recorded request, shared by the request view and the curl command.
import { KEY_PLACEHOLDER, type SentRequest } from '../../../../../src-preload/contract.ts';

/** Whether the header's value is where main put the key (now the placeholder). */
export function carriesKey(value: string): boolean {
  return value.includes(KEY_PLACEHOLDER);
}

/**
 * Whether the request asked for a stream: an `Accept: text/event-stream`, the content-generation
 * `alt=sse` query, or `"stream": true` in a Responses body.
 */
export function requestAsksForStream(request: SentRequest): boolean {
  const accept = request.headers.find(([name]) => name.toLowerCase() === 'accept')?.[1] ?? '';
  if (accept.includes('text/event-stream')) return true;
  if (/[?&]alt=sse(&|$)/.test(request.url)) return true;
  if (request.body === null) return false;
  try {
    const body: unknown = JSON.parse(request.body);
    return typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true;
  } catch {
    return false;
  }
}
