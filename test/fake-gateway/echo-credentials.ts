// The "echo credentials" mode: a hostile (or merely careless) gateway that sends back the credentials a
// request carried — as relays do that quote the request in an error, tag request ids with the key, or log
// a request's headers into a body. Issue 14's secret-scan proof runs the app against it: whatever the
// gateway sends back, no piece of a secret may reach the renderer, a log or a file.
//
// What a request's credentials are: the key (Bearer on /v1, the vendor header on /v1beta) and the values
// of the headers named in `EchoOptions.headers` (e.g. `CF-Access-Client-Secret`). They are echoed as they
// arrived, in every form the proof looks for:
// - a response header: `x-request-id` ending in the key's first 16 characters, and `x-echo-<header>`
//   headers carrying each credential whole;
// - error messages: the whole key, then its first 16 characters, then each secret header value;
// - JSON bodies: an `echo` field with the key JSON-escaped (`\u0073\u006b…` in the raw body) and an
//   `echo_base64` field with `Bearer <key>` and each header value base64-encoded;
// - the chat reply (all three formats, streamed and not): the key, its first 16 characters and each header
//   value, in deltas of 5 characters so that no delta holds 8 characters of any of them, then the
//   base64 of `Bearer <key>`; and a reasoning summary (thought parts) quoting the key, in deltas too;
// - the transcript: the key's first 16 characters and each header value base64-encoded;
// - the model lists: one more model whose id holds the key's first 16 characters.
import type { IncomingHttpHeaders } from 'node:http';
import { type OpenAIError, reasonPhrase } from './errors.ts';
import type { StatusReply } from './faults.ts';
import type { GatewayState } from './state.ts';
import type { ChatReply, FakeModel, Fault, TranscriptSpec } from './types.ts';

type StatusFault = Extract<Fault, { kind: 'status' }>;

export interface EchoOptions {
  /** Request headers (any case) whose values are credentials too, echoed like the key. */
  headers?: string[];
}

/** Characters per streamed delta: fewer than 8, so a secret is only ever whole once deltas are joined. */
export const ECHO_DELTA_CHARACTERS = 5;

interface Credential {
  /** The header it came in, lower-cased. */
  header: string;
  value: string;
}

/** The echo of one request's credentials; `null` from `credentialEcho` when it carried none. */
export class CredentialEcho {
  readonly #key: Credential | null;
  readonly #others: Credential[];

  constructor(key: Credential | null, others: Credential[]) {
    this.#key = key;
    this.#others = others;
  }

  /** The gateway's request id with the key's first 16 characters appended, as some relays tag ids. */
  requestId(base: string): string {
    return this.#key ? `${base}-${this.#key.value.slice(0, 16)}` : base;
  }

  /** Extra response headers: each credential whole, under the name it came in. */
  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const credential of this.#all()) headers[`x-echo-${credential.header}`] = credential.value;
    return headers;
  }

  /** The error with the credentials quoted in its message. */
  error(error: OpenAIError): OpenAIError {
    const quoted: string[] = [];
    if (this.#key) quoted.push(`key ${this.#key.value}, which begins ${this.#key.value.slice(0, 16)}`);
    for (const other of this.#others) quoted.push(`${other.header}: ${other.value}`);
    return quoted.length ? { ...error, message: `${error.message} (${quoted.join('; ')})` } : error;
  }

  /** An injected status fault that quotes the credentials (JSON shapes; a proxy's page stays as it is). */
  statusFault(fault: StatusFault): StatusFault {
    if (fault.shape !== 'openai' && fault.shape !== 'gemini') return fault;
    const message = this.error({
      status: fault.status,
      message: fault.message ?? reasonPhrase(fault.status),
    });
    return { ...fault, message: message.message, requestId: this.requestId(fault.requestId ?? 'fault') };
  }

  /** A status fault's reply with the echo headers and, in a JSON body, the echo fields. */
  statusReply(reply: StatusReply): StatusReply {
    const body = String(reply.headers['content-type'] ?? '').includes('json')
      ? this.jsonBody(reply.body)
      : reply.body;
    return {
      status: reply.status,
      headers: { ...reply.headers, ...this.headers(), 'content-length': Buffer.byteLength(body) },
      body,
    };
  }

  /**
   * A JSON object body with the echo fields added in front: `echo` holds the key with every character
   * written as a JSON `\uXXXX` escape (so the raw bytes never hold it as it is), `echo_base64` the
   * base64 of `Bearer <key>` and of each header value.
   */
  jsonBody(body: string): string {
    if (!body.startsWith('{') || this.#all().length === 0) return body;
    const escaped = this.#key ? [...this.#key.value].map(unicodeEscape).join('') : '';
    const encoded = [
      ...(this.#key ? [base64(`Bearer ${this.#key.value}`)] : []),
      ...this.#others.map((other) => base64(other.value)),
    ];
    const fields = `"echo":"${escaped}","echo_base64":${JSON.stringify(encoded)}`;
    return body === '{}' ? `{${fields}}` : `{${fields},${body.slice(1)}`;
  }

  /** What the endpoints answer with for this request: chat replies, transcript and models that echo. */
  state(state: GatewayState): GatewayState {
    const reply = this.#chatReply();
    return {
      ...state,
      replies: { responses: reply, chat: reply, content: reply },
      transcript: this.#transcript(state.transcript),
      models: [...state.models, ...this.#models(state.models)],
    };
  }

  #all(): Credential[] {
    return [...(this.#key ? [this.#key] : []), ...this.#others];
  }

  #chatReply(): ChatReply {
    const parts = ['Echo.'];
    if (this.#key) {
      parts.push(`Your key is ${this.#key.value}.`);
      parts.push(`It begins ${this.#key.value.slice(0, 16)}.`);
    }
    for (const other of this.#others) parts.push(`Your ${other.header} is ${other.value}.`);
    if (this.#key) parts.push(`Encoded: ${base64(`Bearer ${this.#key.value}`)}`);
    // The reasoning summary (or thought parts) too, sent whether asked for or not.
    const reasoning = this.#key ? `The user sent the key ${this.#key.value}; I will repeat it.` : undefined;
    return {
      text: parts.join(' '),
      chunkSize: ECHO_DELTA_CHARACTERS,
      ...(reasoning ? { reasoning, reasoningWhen: 'always' as const } : {}),
    };
  }

  #transcript(spec: TranscriptSpec | null): TranscriptSpec {
    const sentences = [spec?.text ?? 'This is the recording.'];
    if (this.#key) sentences.push(`The key begins ${this.#key.value.slice(0, 16)}.`);
    for (const other of this.#others) sentences.push(`The ${other.header} is ${base64(other.value)}.`);
    return { ...(spec?.language ? { language: spec.language } : {}), text: sentences.join(' ') };
  }

  #models(models: FakeModel[]): FakeModel[] {
    if (!this.#key) return [];
    // A model both listings show (`gemini` puts it on /v1beta too), as a relay that names models after keys.
    const model: FakeModel = {
      id: `echo-${this.#key.value.slice(0, 16)}`,
      ownedBy: 'echo',
      endpointTypes: ['openai', 'openai-response', 'gemini'],
      displayName: `Echo ${base64(this.#key.value)}`,
    };
    return models.some((m) => m.id === model.id) ? [] : [model];
  }
}

/** The credentials a request carried, or null when it carried none (nothing to echo). */
export function credentialEcho(
  headers: IncomingHttpHeaders,
  vendorKeyHeader: string,
  options: EchoOptions,
): CredentialEcho | null {
  const one = (name: string): string | undefined => {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
  const bearer = /^Bearer\s+(.+)$/i.exec(one('authorization') ?? '')?.[1]?.trim();
  const vendor = one(vendorKeyHeader)?.trim();
  const key: Credential | null = bearer
    ? { header: 'authorization', value: bearer }
    : vendor
      ? { header: vendorKeyHeader.toLowerCase(), value: vendor }
      : null;
  const others: Credential[] = [];
  for (const name of options.headers ?? []) {
    const value = one(name);
    if (value) others.push({ header: name.toLowerCase(), value });
  }
  return key || others.length ? new CredentialEcho(key, others) : null;
}

function unicodeEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
