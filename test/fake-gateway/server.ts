// The fake gateway: a real HTTP server on 127.0.0.1 that answers like a new-api-style gateway (WIRE.md),
// records every request, and misbehaves on demand. See ./types.ts for the interface.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAuth, type Family } from './auth.ts';
import { type BodyKind, readBody } from './body.ts';
import { defaultModels, openaiListing } from './catalogue.ts';
import { createChatCompletion } from './chat-completions.ts';
import { generateContent, getModel, listModels } from './content.ts';
import { credentialEcho, type EchoOptions } from './echo-credentials.ts';
import { newRequestId } from './errors.ts';
import { Exchange, ReplyStopped } from './exchange.ts';
import { FaultBook, statusReply } from './faults.ts';
import { compactResponse, createResponse } from './responses.ts';
import { speak } from './speech.ts';
import type { GatewayState, Handler } from './state.ts';
import { transcribe, translate } from './transcription.ts';
import type {
  ChatReply,
  FakeGateway,
  FakeGatewayOptions,
  FakeModel,
  RecordedRequest,
  ReplyFormat,
  RequestClosedEvent,
  TranscriptSpec,
  UploadRecord,
} from './types.ts';

export { faults } from './faults.ts';
export type * from './types.ts';

interface Route {
  family: Family;
  /** The body the endpoint needs; anything else is a 400 before the handler runs. */
  body: Exclude<BodyKind, 'other'> | 'any';
  handler: Handler;
  params: Record<string, string>;
}

const listOpenAIModels: Handler = async (ex, state) => {
  await ex.sendJson(200, openaiListing(state.models));
};

function findRoute(method: string, path: string): Route | null {
  const post = method === 'POST';
  const get = method === 'GET';
  const v1 = (body: Route['body'], handler: Handler): Route => ({ family: 'v1', body, handler, params: {} });
  if (get && path === '/v1/models') return v1('any', listOpenAIModels);
  if (post && path === '/v1/audio/transcriptions') return v1('multipart', transcribe);
  if (post && path === '/v1/audio/translations') return v1('multipart', translate);
  if (post && path === '/v1/audio/speech') return v1('json', speak);
  if (post && path === '/v1/responses') return v1('json', createResponse);
  if (post && path === '/v1/responses/compact') return v1('json', compactResponse);
  if (post && path === '/v1/chat/completions') return v1('json', createChatCompletion);
  if (get && path === '/v1beta/models')
    return { family: 'v1beta', body: 'any', handler: listModels, params: {} };
  const prefix = '/v1beta/models/';
  if (path.startsWith(prefix)) {
    let rest: string;
    try {
      // The model may arrive URL-encoded (even its colon); decode before splitting off the action.
      rest = decodeURIComponent(path.slice(prefix.length));
    } catch {
      return null;
    }
    const colon = rest.lastIndexOf(':');
    if (get && colon < 0 && rest)
      return { family: 'v1beta', body: 'any', handler: getModel, params: { model: rest } };
    const model = rest.slice(0, colon);
    const action = rest.slice(colon + 1);
    if (post && colon > 0 && (action === 'generateContent' || action === 'streamGenerateContent')) {
      return { family: 'v1beta', body: 'json', handler: generateContent, params: { model, action } };
    }
  }
  return null;
}

/** OpenAI's cap on an audio upload (its speech-to-text guide: "File uploads are currently limited to 25 MB"). */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 26_214_400;

const UPLOAD_PATHS = new Set(['/v1/audio/transcriptions', '/v1/audio/translations']);

/**
 * Upstream's answer to an upload over its cap, word for word, as users have quoted it
 * (github.com/chidiwilliams/buzz/issues/381, github.com/StanGirard/speechdigest/issues/1): a 413 whose
 * OpenAI-shaped body has `type: "server_error"` and no code. `read` is how many bytes upstream had read.
 */
export function uploadTooLargeBody(limit: number, read: number): string {
  return JSON.stringify({
    error: {
      message: `Maximum content size limit (${limit}) exceeded (${read} bytes read)`,
      type: 'server_error',
      param: null,
      code: null,
    },
  });
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export async function startFakeGateway(options: FakeGatewayOptions = {}): Promise<Required<FakeGateway>> {
  const apiKey = options.apiKey ?? `sk-fake-${randomBytes(12).toString('hex')}`;
  const vendorKeyHeader = (options.vendorKeyHeader ?? 'x-vendor-api-key').toLowerCase();
  const initialDelay = options.eventDelayMs ?? 5;
  const initialModels = options.models ?? defaultModels;
  const initialReply = options.chatReply ?? null;
  const initialTranscript = options.transcript ?? null;
  const initialPageSize = options.modelPageSize ?? null;
  const initialEcho = options.echoCredentials ?? null;
  const initialUploadLimit =
    options.uploadLimitBytes === undefined ? DEFAULT_UPLOAD_LIMIT_BYTES : options.uploadLimitBytes;
  let echoOptions: EchoOptions | null = initialEcho;

  const requests: RecordedRequest[] = [];
  const faultBook = new FaultBook();
  const active = new Set<Exchange>();
  const closeListeners = new Set<(event: RequestClosedEvent) => void>();
  let eventDelayMs = initialDelay;
  let closedByClient = 0;
  const everyFormat = (reply: ChatReply | null) => ({ responses: reply, chat: reply, content: reply });
  const state: GatewayState = {
    models: initialModels,
    replies: everyFormat(initialReply),
    transcript: initialTranscript,
    modelPageSize: initialPageSize,
    uploadLimitBytes: initialUploadLimit,
  };

  /** The declared size of an upload over the limit, or `null` (no limit, not an upload, or no length given). */
  function declaredOverLimit(method: string, path: string, req: IncomingMessage): number | null {
    const limit = state.uploadLimitBytes;
    if (limit === null || method !== 'POST' || !UPLOAD_PATHS.has(path)) return null;
    const declared = Number(req.headers['content-length']);
    return Number.isFinite(declared) && declared > limit ? declared : null;
  }

  /**
   * The 413 sent as soon as the headers say the upload is too large, before any of the body is read. The
   * body is then read and dropped, so the client finishes sending and reads the answer; closing the
   * connection under it would leave it with a broken pipe instead of the 413.
   */
  async function refuseUpload(ex: Exchange, limit: number, read: number): Promise<void> {
    const body = uploadTooLargeBody(limit, read);
    ex.record.status = 413;
    ex.res.writeHead(413, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': ex.requestId,
    });
    ex.res.end(body);
    for await (const chunk of ex.req as AsyncIterable<Buffer>) ex.record.bodyBytes += chunk.length;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: flattenHeaders(req),
      bodyBytes: 0,
      receivedAt: Date.now(),
    };
    requests.push(record);
    const route = findRoute(method, url.pathname);
    const authProblem = route
      ? checkAuth(route.family, req.headers, record.query, apiKey, vendorKeyHeader)
      : null;
    const declaredTooLarge = route && !authProblem ? declaredOverLimit(method, url.pathname, req) : null;
    // Faults strike only requests a real gateway would have accepted; a 404, 401 or 413 comes first.
    const fault =
      route && !authProblem && declaredTooLarge === null ? faultBook.take(method, url.pathname) : undefined;
    // Echoed whether or not the key was accepted: a 401 that quotes the key is the classic leak.
    const echo = echoOptions ? credentialEcho(req.headers, vendorKeyHeader, echoOptions) : null;
    const ex = new Exchange({
      req,
      res,
      record,
      requestId: echo ? echo.requestId(newRequestId()) : newRequestId(),
      fault,
      eventDelayMs: () => eventDelayMs,
      echo,
    });
    active.add(ex);

    res.on('close', () => {
      record.finishedAt = Date.now();
      if (!res.writableFinished && !ex.destroyedByServer) {
        record.closedByClient = true;
        closedByClient += 1;
        const event: RequestClosedEvent = {
          request: record,
          eventsSent: ex.eventsSent,
          at: performance.now(),
        };
        for (const listener of closeListeners) listener(event);
      }
      ex.controller.abort();
      active.delete(ex);
      options.onRequestDone?.(record);
    });

    try {
      if (declaredTooLarge !== null) return await refuseUpload(ex, state.uploadLimitBytes!, declaredTooLarge);
      if (fault?.kind === 'reset' && !fault.afterBody) await ex.cut();
      const { body, kind, problem } = await readBody(ex);
      if (fault?.kind === 'reset') await ex.cut();
      if (!route) {
        return await ex.sendError({
          status: 404,
          message: `Invalid URL (${method} ${url.pathname})`,
          type: 'invalid_request_error',
        });
      }
      if (authProblem) return await ex.sendError(authProblem);
      if (fault?.kind === 'stall-headers') await ex.sleep(fault.ms);
      if (fault?.kind === 'status') {
        if (fault.delayMs !== undefined) await ex.sleep(fault.delayMs);
        const reply = echo ? echo.statusReply(statusReply(echo.statusFault(fault))) : statusReply(fault);
        record.status = reply.status;
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body);
        return;
      }
      if (problem) return await ex.sendError(problem);
      if (route.body !== 'any' && kind !== route.body) {
        const expected = route.body === 'multipart' ? 'multipart/form-data' : 'application/json';
        return await ex.sendError({
          status: 400,
          message: `Invalid Content-Type header (${req.headers['content-type'] ?? 'none'}), expected ${expected}`,
          type: 'invalid_request_error',
          code: 'invalid_content_type',
        });
      }
      // An upload sent without a length is measured as it arrives.
      const limit = state.uploadLimitBytes;
      if (UPLOAD_PATHS.has(url.pathname) && limit !== null && record.bodyBytes > limit) {
        return await ex.send(
          413,
          { 'content-type': 'application/json' },
          uploadTooLargeBody(limit, record.bodyBytes),
        );
      }
      await route.handler(ex, echo ? echo.state(state) : state, body, route.params);
    } catch (error) {
      if (error instanceof ReplyStopped || ex.stopped) return;
      // A bug in the fake itself: say so loudly rather than hang the test.
      console.error('[fake-gateway] handler failed:', error);
      if (!res.headersSent) {
        await ex.sendError({
          status: 500,
          message: `fake gateway bug: ${String(error)}`,
          code: 'fake_gateway_bug',
        });
      } else {
        res.destroy();
      }
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  // Slow uploads and long stalls are the point here; Node's own request timeout must not interfere.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  const gateway: Required<FakeGateway> = {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    vendorKeyHeader,
    requests,
    inject: (rule) => faultBook.inject(rule),
    clearFaults: () => faultBook.clear(),
    setChatReply(reply: ChatReply) {
      state.replies = everyFormat(reply);
    },
    setChatReplyFor(format: ReplyFormat, reply: ChatReply) {
      state.replies[format] = reply;
    },
    setEventDelay(ms: number) {
      eventDelayMs = ms;
    },
    setTranscript(transcript: TranscriptSpec | null) {
      state.transcript = transcript;
    },
    setModels(models: FakeModel[] | null) {
      state.models = models ?? initialModels;
    },
    setModelPageSize(size: number | null) {
      state.modelPageSize = size;
    },
    setEchoCredentials(echo: EchoOptions | null) {
      echoOptions = echo;
    },
    setUploadLimit(bytes: number | null) {
      state.uploadLimitBytes = bytes;
    },
    uploads(): UploadRecord[] {
      return requests.flatMap((request) =>
        request.upload
          ? [
              {
                ...request.upload,
                path: request.path,
                startedAt: request.receivedAt,
                ...(request.finishedAt !== undefined ? { finishedAt: request.finishedAt } : {}),
                ...(request.status !== undefined ? { status: request.status } : {}),
              },
            ]
          : [],
      );
    },
    get activeRequests() {
      return active.size;
    },
    get closedByClient() {
      return closedByClient;
    },
    onRequestClosed(listener) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    nextRequestClosed(timeoutMs = 5000) {
      return new Promise<RequestClosedEvent>((resolve, reject) => {
        const timer = setTimeout(() => {
          closeListeners.delete(listener);
          reject(new Error(`no request was closed by the client within ${timeoutMs} ms`));
        }, timeoutMs);
        const listener = (event: RequestClosedEvent) => {
          clearTimeout(timer);
          closeListeners.delete(listener);
          resolve(event);
        };
        closeListeners.add(listener);
      });
    },
    reset() {
      requests.length = 0;
      faultBook.clear();
      state.replies = everyFormat(initialReply);
      state.transcript = initialTranscript;
      state.models = initialModels;
      state.modelPageSize = initialPageSize;
      state.uploadLimitBytes = initialUploadLimit;
      echoOptions = initialEcho;
      eventDelayMs = initialDelay;
      closedByClient = 0;
    },
    async close() {
      for (const ex of active) ex.controller.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return gateway;
}
