// Server-sent events with the stream faults applied in one place: cut, error event, stall, oversize,
// malformed data. Handlers just send their events in order and stop when `ReplyStopped` is thrown.
import { type Exchange, ReplyStopped } from './exchange.ts';

export interface SseEvent {
  /** The `event:` line; absent on formats that send `data:` only. */
  event?: string;
  /** An object (sent as JSON) or a raw string. */
  data: unknown;
  /** The event that ends the stream normally; `cut-stream` and `error-event` strike before it at the latest. */
  terminal?: boolean;
}

export interface SseOptions {
  /** `\n\n` (default) or `\r\n\r\n`, which content generation may use. */
  separator?: '\n\n' | '\r\n\r\n';
  /** Whether to send a `: keep-alive` comment after this many events. */
  keepAliveAfter?: (eventsSent: number) => boolean;
  /** Adds a `sequence_number` (the event's position in the stream) after each event's `type`, as Responses does. */
  numbered?: boolean;
  /** The format's own error events, for the `error-event` fault. */
  errorEvents: (message: string) => SseEvent[];
}

export class SseWriter {
  private readonly eol: string;
  private stalled = false;
  private oversized = false;

  private readonly ex: Exchange;
  private readonly options: SseOptions;

  constructor(ex: Exchange, options: SseOptions) {
    this.ex = ex;
    this.options = options;
    this.eol = options.separator === '\r\n\r\n' ? '\r\n' : '\n';
  }

  open(): void {
    this.ex.head(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
  }

  async send(event: SseEvent): Promise<void> {
    const ex = this.ex;
    const fault = ex.fault;
    if (ex.eventsSent > 0) await ex.sleep(ex.eventDelayMs());
    const n = ex.eventsSent;
    const due = (afterEvents: number) => n >= afterEvents || event.terminal === true;
    if (fault?.kind === 'cut-stream' && due(fault.afterEvents)) await ex.cut();
    if (fault?.kind === 'error-event' && due(fault.afterEvents)) {
      const message = fault.message ?? 'upstream error: stream interrupted';
      for (const errorEvent of this.options.errorEvents(message)) await this.write(errorEvent);
      ex.end();
      throw new ReplyStopped();
    }
    if (fault?.kind === 'stall-stream' && !this.stalled && due(fault.afterEvents)) {
      this.stalled = true;
      await ex.sleep(fault.ms);
    }
    await this.write(event);
    if (this.options.keepAliveAfter?.(ex.eventsSent)) {
      await ex.write(`: keep-alive${this.eol}${this.eol}`);
    }
  }

  private async write(event: SseEvent): Promise<void> {
    const ex = this.ex;
    let value = event.data;
    if (this.options.numbered && isObject(value)) {
      const { type, ...rest } = value;
      value = { type, sequence_number: ex.eventsSent, ...rest };
    }
    let data = typeof value === 'string' ? value : JSON.stringify(value);
    if (ex.fault?.kind === 'oversize-event' && !this.oversized && isObject(value)) {
      // Padded the way OpenAI pads deltas (`obfuscation`), so the event stays valid JSON of the asked size.
      this.oversized = true;
      const base = JSON.stringify({ ...value, obfuscation: '' });
      data = JSON.stringify({ ...value, obfuscation: 'x'.repeat(Math.max(0, ex.fault.bytes - base.length)) });
    }
    if (ex.fault?.kind === 'malformed-json' && ex.eventsSent === 0)
      data = data.slice(0, Math.ceil(data.length / 2));
    const eol = this.eol;
    const head = event.event ? `event: ${event.event}${eol}` : '';
    await ex.write(`${head}data: ${data}${eol}${eol}`);
    ex.eventsSent += 1;
  }

  end(): void {
    this.ex.end();
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
