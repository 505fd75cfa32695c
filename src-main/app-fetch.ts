// The fetch main hands the gateway client, in the app and in every test that runs the IPC layer.
// Node's global fetch is undici with its default 5-minute limits on waiting for headers and on body
// silence; they would fire before the client's own (longer, documented) limits and look like a network
// error, so a slow non-streamed reasoning reply would be retried — and billed — again. The client owns
// time limits (src-main/gateway/defaults.ts), so undici's are switched off here.
import { Agent, fetch as undiciFetch } from 'undici';
import type { FetchLike } from './gateway/types.ts';

export function createAppFetch(): FetchLike {
  const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  // undici's own Request/Response types differ nominally from the DOM lib's; at run time they are the
  // same WHATWG objects Node's global fetch uses.
  return (input, init) =>
    undiciFetch(input, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    }) as unknown as Promise<Response>;
}
