// One request and its reply. Everything that writes to the socket goes through here, so client aborts,
// pacing and the byte-level faults (trickle, cut, stall) behave the same on every endpoint.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CredentialEcho } from './echo-credentials.ts';
import { type OpenAIError, openaiErrorBody } from './errors.ts';
import type { Fault, RecordedRequest } from './types.ts';

/** Thrown to unwind a handler when its reply cannot go on (client gone, or a fault ended it on purpose). */
export class ReplyStopped extends Error {
  constructor() {
    super('reply stopped');
  }
}

export interface ExchangeInit {
  req: IncomingMessage;
  res: ServerResponse;
  record: RecordedRequest;
  requestId: string;
  /** The fault rule matched for this request, if any. */
  fault: Fault | undefined;
  /** Read at each pause, so `setEventDelay` applies to streams already running. */
  eventDelayMs: () => number;
  /** In the echo-credentials mode: this request's credentials, sent back in headers, errors and JSON. */
  echo?: CredentialEcho | null;
}

// Fields are spelled out (no constructor parameter properties) so the file also runs under plain type stripping.
export class Exchange {
  readonly controller = new AbortController();
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly record: RecordedRequest;
  readonly requestId: string;
  readonly fault: Fault | undefined;
  readonly eventDelayMs: () => number;
  readonly echo: CredentialEcho | null;
  eventsSent = 0;
  /** Set when the server itself cut the connection (a fault), so it is not counted as a client abort. */
  destroyedByServer = false;

  constructor(init: ExchangeInit) {
    this.req = init.req;
    this.res = init.res;
    this.record = init.record;
    this.requestId = init.requestId;
    this.fault = init.fault;
    this.eventDelayMs = init.eventDelayMs;
    this.echo = init.echo ?? null;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True once the reply cannot go on: the client left (possibly noticed by the request stream first) or it ended. */
  get stopped(): boolean {
    return this.signal.aborted || this.res.destroyed || this.req.socket.destroyed;
  }

  /** Waits `ms`, but gives up at once when the client goes away. */
  async sleep(ms: number): Promise<void> {
    if (this.stopped) throw new ReplyStopped();
    if (ms > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        const signal = this.signal;
        signal.addEventListener('abort', done, { once: true });
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
      });
    }
    if (this.stopped) throw new ReplyStopped();
  }

  head(status: number, headers: Record<string, string | number>): void {
    if (this.stopped) throw new ReplyStopped();
    this.record.status = status;
    this.res.writeHead(status, { 'x-request-id': this.requestId, ...this.echo?.headers(), ...headers });
    this.res.flushHeaders();
  }

  /** Writes bytes, in tiny pieces when the `trickle` fault is on, waiting for the socket to drain. */
  async write(data: string | Buffer): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const fault = this.fault;
    if (fault?.kind === 'trickle') {
      const step = Math.max(1, fault.bytesPerChunk);
      for (let offset = 0; offset < bytes.length; offset += step) {
        if (offset > 0) await this.sleep(fault.delayMs);
        await this.writeNow(bytes.subarray(offset, offset + step));
      }
      return;
    }
    await this.writeNow(bytes);
  }

  private async writeNow(bytes: Buffer): Promise<void> {
    if (this.stopped) throw new ReplyStopped();
    if (bytes.length === 0) return;
    if (!this.res.write(bytes)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.res.off('drain', done);
          this.signal.removeEventListener('abort', done);
          resolve();
        };
        this.res.on('drain', done);
        this.signal.addEventListener('abort', done, { once: true });
      });
    }
    if (this.stopped) throw new ReplyStopped();
  }

  end(): void {
    if (!this.stopped) this.res.end();
  }

  /** Destroys the TCP connection on purpose (faults `cut-stream`, `reset`), after what was written has left. */
  async cut(): Promise<never> {
    this.destroyedByServer = true;
    const socket = this.req.socket;
    for (let waited = 0; socket.writableLength > 0 && waited < 200 && !socket.destroyed; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    socket.destroy();
    throw new ReplyStopped();
  }

  /**
   * A whole (non-streamed) reply. The stream-shaped faults still mean something here: `cut-stream` sends
   * half the body and drops the connection, `stall-stream` pauses halfway, `malformed-json` breaks the body.
   */
  async send(status: number, headers: Record<string, string | number>, body: string | Buffer): Promise<void> {
    const echoed =
      this.echo && typeof body === 'string' && String(headers['content-type']).includes('json')
        ? this.echo.jsonBody(body)
        : body;
    let bytes = typeof echoed === 'string' ? Buffer.from(echoed, 'utf8') : echoed;
    const fault = this.fault;
    let allHeaders = headers;
    if (fault?.kind === 'malformed-json' && status < 300) {
      bytes = Buffer.from('{"id":"resp_fake","object":"response","output":[{"type":"message",', 'utf8');
      allHeaders = { ...headers, 'content-type': 'application/json' };
    }
    this.head(status, { ...allHeaders, 'content-length': bytes.length });
    const half = Math.floor(bytes.length / 2);
    if (fault?.kind === 'cut-stream' && status < 300) {
      await this.write(bytes.subarray(0, half));
      await this.cut();
    }
    if (fault?.kind === 'stall-stream' && status < 300) {
      await this.write(bytes.subarray(0, half));
      await this.sleep(fault.ms);
      await this.write(bytes.subarray(half));
    } else {
      await this.write(bytes);
    }
    this.end();
  }

  /**
   * A body sent in pieces without Content-Length, the way real gateways stream audio. Each piece counts as an
   * event for `cut-stream` and `stall-stream`.
   */
  async sendPieces(
    status: number,
    headers: Record<string, string | number>,
    body: Buffer,
    pieceBytes: number,
  ): Promise<void> {
    if (this.fault?.kind === 'malformed-json') return this.send(status, headers, body);
    const fault = this.fault;
    this.head(status, headers);
    for (let offset = 0, n = 0; offset < body.length; offset += pieceBytes, n += 1) {
      if (n > 0) await this.sleep(this.eventDelayMs());
      if (fault?.kind === 'cut-stream' && n >= fault.afterEvents) await this.cut();
      if (fault?.kind === 'stall-stream' && n === fault.afterEvents) await this.sleep(fault.ms);
      await this.write(body.subarray(offset, offset + pieceBytes));
      this.eventsSent += 1;
    }
    if (fault?.kind === 'cut-stream') await this.cut();
    this.end();
  }

  async sendJson(status: number, value: unknown, headers: Record<string, string> = {}): Promise<void> {
    await this.send(status, { 'content-type': 'application/json', ...headers }, JSON.stringify(value));
  }

  /** An error in new-api's OpenAI shape, with the request id in the message and in a header. */
  async sendError(error: OpenAIError): Promise<void> {
    const plain = openaiErrorBody(this.echo ? this.echo.error(error) : error, this.requestId);
    const body = this.echo ? this.echo.jsonBody(plain) : plain;
    this.record.status = error.status;
    if (this.stopped) throw new ReplyStopped();
    this.res.writeHead(error.status, {
      ...this.echo?.headers(),
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': this.requestId,
    });
    this.res.end(body);
  }
}
