// Playground conversations for tests, built the way the renderer builds them.
import type {
  AssistantMessage,
  CompactionMarker,
  Conversation,
  ConversationMessage,
  ExchangeLog,
  UserMessage,
} from '../../src-preload/contract.ts';

let next = 0;
const nextId = (prefix: string) => `${prefix}-${++next}`;

export function userMessage(text: string, extra: Partial<UserMessage> = {}): UserMessage {
  return { id: nextId('u'), role: 'user', text, createdAt: '2025-06-01T09:00:00.000Z', ...extra };
}

export function assistantMessage(text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    id: nextId('a'),
    role: 'assistant',
    text,
    reasoning: '',
    createdAt: '2025-06-01T09:00:05.000Z',
    state: 'done',
    status: 'completed',
    error: null,
    usage: { inputTokens: 12, outputTokens: 34, reasoningTokens: null, totalTokens: 46 },
    metrics: { ttftMs: 180, totalMs: 2400, tokensPerSecond: 15.4 },
    responseId: 'resp_1',
    format: 'responses',
    model: 'gpt-5-mini',
    hasDetail: false,
    ...extra,
  };
}

export function compactionMarker(
  replaced: ConversationMessage[],
  extra: Partial<CompactionMarker> = {},
): CompactionMarker {
  return {
    id: nextId('c'),
    role: 'compaction',
    createdAt: '2025-06-01T09:10:00.000Z',
    model: 'gpt-5-mini',
    items: [{ type: 'compaction', encrypted_content: 'opaque' }],
    tokensBefore: 3210,
    tokensAfter: 64,
    replaced,
    hasDetail: false,
    ...extra,
  };
}

export function conversation(extra: Partial<Conversation> = {}): Conversation {
  return {
    id: nextId('conv'),
    customTitle: '',
    createdAt: '2025-06-01T09:00:00.000Z',
    updatedAt: '2025-06-01T09:00:00.000Z',
    format: 'responses',
    stream: true,
    model: 'gpt-5-mini',
    settings: {},
    store: false,
    chainResponses: false,
    messages: [],
    ...extra,
  };
}

/** What main logs for a streamed reply whose events were not kept: the record a reply's end carries. */
export function streamedExchangeLog(): ExchangeLog {
  return {
    status: 200,
    requestId: null,
    contentType: 'text/event-stream',
    events: [],
    omittedEvents: 0,
    body: null,
    bodyTruncated: false,
  };
}
