// The Playground's state: the saved conversations as listed, the conversations open in this window (the
// one shown and any still streaming), each one's unsent draft, and the replies running now. Stream text
// itself stays in the stream store (streams.ts); a reply here only knows which stream fills it. Inspector
// records are not part of a conversation: the few last looked at or made in this window are held in
// `details`.
import type { StateCreator } from 'zustand';
import type {
  AppError,
  Conversation,
  ConversationSummary,
  ImageAttachment,
  ReplyInspector,
  StructuredOutput,
} from '../../../src-preload/contract.ts';
import type { AppState } from './index.ts';

export interface LiveReply {
  conversationId: string;
  /** `null` until main has answered with the stream's id. */
  streamId: string | null;
  /** `performance.now()` just before the request went to main (metrics count from here). */
  sentAt: number;
  /** Stop was asked before the stream's id was known: it is stopped as soon as it is. */
  stopRequested: boolean;
  /** The schema the reply was asked to follow: it is checked against it once it ends. */
  structuredOutput?: StructuredOutput;
}

export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface RefusedImage {
  name: string;
  message: string;
}

/** Images waiting in a conversation's composer for its next turn (actions/images.ts). */
export interface PendingImages {
  images: ImageAttachment[];
  /** Files the last additions refused, with why; shown under the strip until dismissed. */
  refused: RefusedImage[];
  /** Additions still with main (a large copy takes a moment). */
  adding: number;
}

/** The inspector's record of one reply, as far as this window knows it. */
export type DetailState =
  | { status: 'loading' }
  | { status: 'kept'; detail: ReplyInspector }
  /** Main keeps none: dropped to bound the store, or cleared. */
  | { status: 'gone' }
  | { status: 'failed'; error: AppError };

/**
 * Records held in this window at most: each may be megabytes (a request repeats its whole conversation),
 * and any one dropped here is asked of main again when the inspector shows it.
 */
export const HELD_DETAILS = 20;

/** What the Inspector shows: a reply or a compaction marker of a conversation. */
export interface InspectTarget {
  conversationId: string;
  messageId: string;
}

/**
 * A comparison open in this window (issue 17). Its columns are conversations in `open`, under their own
 * ids, so everything a conversation does (send, stream, stop, inspect) works on a column as it is; the
 * frame says which conversations are its columns, in order, and what it is called.
 */
export interface ComparisonFrame {
  id: string;
  customTitle: string;
  createdAt: string;
  updatedAt: string;
  columnIds: string[];
}

export interface PlaygroundState {
  /** The rows loaded so far, newest first: the first pages of `listTotal` (more are asked as it scrolls). */
  list: ConversationSummary[];
  /** How many conversations the list (or search) has in all. */
  listTotal: number;
  /** Main is still indexing its saved conversations (at a start): files read so far of those to read. */
  listRebuilding: { done: number; total: number } | null;
  listStatus: ListStatus;
  listError: AppError | null;
  /** The search the list was filtered by ('' = all). */
  query: string;
  /** Conversation files main could not read and moved aside. */
  movedAside: number;
  /** Conversations loaded (or started) in this window, by id. */
  open: Record<string, Conversation>;
  activeId: string | null;
  /** Unsent text per conversation: survives switching conversation or panel. */
  drafts: Record<string, string>;
  /** Unsent images per conversation, like the drafts (nothing of them is saved until they are sent). */
  pendingImages: Record<string, PendingImages>;
  /** Replies still arriving, by assistant message id. */
  live: Record<string, LiveReply>;
  /** Conversations being compacted now. */
  compacting: Record<string, true>;
  /** A conversation-level problem to show above the composer (a refused compaction, a failed save). */
  notices: Record<string, AppError>;
  inspect: InspectTarget | null;
  /** Inspector records by message id, the most recently set last (at most `HELD_DETAILS`). */
  details: Record<string, DetailState>;
  /** The id being fetched from main after a click in the list. */
  opening: string | null;
  /** Comparisons loaded (or started) in this window, by id. */
  comparisons: Record<string, ComparisonFrame>;
  /** The comparison shown instead of a conversation, or `null` (the conversation `activeId` is shown). */
  activeComparisonId: string | null;
}

export interface PlaygroundSlice {
  playground: PlaygroundState;
  updatePlayground(patch: Partial<PlaygroundState>): void;
  /** Adds or replaces an open conversation. */
  putConversation(conversation: Conversation): void;
  setDraft(conversationId: string, text: string): void;
  setPendingImages(conversationId: string, pending: PendingImages | null): void;
  setLiveReply(messageId: string, live: LiveReply | null): void;
  setNotice(conversationId: string, error: AppError | null): void;
  setCompacting(conversationId: string, busy: boolean): void;
  /** Holds (or, with `null`, forgets) a reply's record; the oldest held one goes beyond `HELD_DETAILS`. */
  setDetail(messageId: string, detail: DetailState | null): void;
  /** Adds or replaces a comparison's frame; `null` forgets it (its columns stay in `open` until dropped). */
  setComparison(id: string, frame: ComparisonFrame | null): void;
}

export const initialPlaygroundState: PlaygroundState = {
  list: [],
  listTotal: 0,
  listRebuilding: null,
  listStatus: 'idle',
  listError: null,
  query: '',
  movedAside: 0,
  open: {},
  activeId: null,
  drafts: {},
  pendingImages: {},
  live: {},
  compacting: {},
  notices: {},
  inspect: null,
  details: {},
  opening: null,
  comparisons: {},
  activeComparisonId: null,
};

/** A copy of `record` with `key` set to `value`, or without `key` when `value` is null. */
function withEntry<V>(record: Record<string, V>, key: string, value: V | null): Record<string, V> {
  if (value !== null) return { ...record, [key]: value };
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

/** Puts a saved conversation's summary in the list, most recently updated first. */
export function upsertSummary(list: readonly ConversationSummary[], summary: ConversationSummary) {
  const others = list.filter((item) => item.id !== summary.id);
  const next = [...others, summary];
  return next.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

export const createPlaygroundSlice: StateCreator<AppState, [], [], PlaygroundSlice> = (set) => {
  const update = (change: (state: PlaygroundState) => Partial<PlaygroundState>) =>
    set((s) => ({ playground: { ...s.playground, ...change(s.playground) } }));
  return {
    playground: initialPlaygroundState,
    updatePlayground: (patch) => update(() => patch),
    putConversation: (conversation) =>
      update((p) => ({ open: { ...p.open, [conversation.id]: conversation } })),
    setDraft: (conversationId, text) =>
      update((p) => ({ drafts: withEntry(p.drafts, conversationId, text === '' ? null : text) })),
    setPendingImages: (conversationId, pending) =>
      update((p) => ({ pendingImages: withEntry(p.pendingImages, conversationId, pending) })),
    setLiveReply: (messageId, live) => update((p) => ({ live: withEntry(p.live, messageId, live) })),
    setNotice: (conversationId, error) =>
      update((p) => ({ notices: withEntry(p.notices, conversationId, error) })),
    setCompacting: (conversationId, busy) =>
      update((p) => ({ compacting: withEntry(p.compacting, conversationId, busy ? true : null) })),
    setComparison: (id, frame) => update((p) => ({ comparisons: withEntry(p.comparisons, id, frame) })),
    setDetail: (messageId, detail) =>
      update((p) => {
        // Deleted first, so a record set again moves to the end (object keys keep insertion order).
        const details = withEntry(p.details, messageId, null);
        if (detail === null) return { details };
        const kept = Object.entries(details).slice(-(HELD_DETAILS - 1));
        return { details: { ...Object.fromEntries(kept), [messageId]: detail } };
      }),
  };
};
