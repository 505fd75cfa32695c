// What the endpoint handlers read: the gateway's current settings, as changed by the test.
import type { Exchange } from './exchange.ts';
import type { ParsedMultipart } from './multipart.ts';
import type { ChatReply, FakeModel, ReplyFormat, TranscriptSpec } from './types.ts';

export interface GatewayState {
  models: FakeModel[];
  /** The scripted reply per format; null: the default reply. */
  replies: Record<ReplyFormat, ChatReply | null>;
  transcript: TranscriptSpec | null;
  /** Models per `/v1beta/models` page; null: one page. */
  modelPageSize: number | null;
  /** Bytes a transcription or translation may carry; null: no limit. */
  uploadLimitBytes: number | null;
}

export interface RequestBody {
  json?: unknown;
  multipart?: ParsedMultipart;
}

export type Handler = (
  ex: Exchange,
  state: GatewayState,
  body: RequestBody,
  params: Record<string, string>,
) => Promise<void>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
