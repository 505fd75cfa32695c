// The Playground's actions: they ask main, fold the answers into the store (store/playground.ts) with the
// pure edits of conversation-edits.ts, and save. A reply's stream is followed from outside React, so it
// keeps arriving (and is saved when it ends) while another conversation or panel is shown.
import {
  type AppError,
  type AssistantMessage,
  allMessageIds,
  type ChatFormat,
  type Conversation,
  type ConversationExportFormat,
  type ConversationSetup,
  type ConversationSummary,
  type KeepDetailAs,
  type PlaygroundPrefs,
  type Result,
  type StructuredOutput,
} from '../../../src-preload/contract.ts';
import { call } from '../api.ts';
import {
  chatRequestFor,
  compactRequestFor,
  contentRequestFor,
  responsesRequestFor,
} from '../panels/playground/build-request.ts';
import { chatWords } from '../panels/playground/chat-strings.ts';
import { assembled, comparisonOf, frameOf } from '../panels/playground/comparison-edits.ts';
import {
  changeMessage,
  compactedConversation,
  compactProblem,
  editedConversation,
  failedReply,
  interruptedOnLoad,
  lastModelOf,
  newConversation,
  regeneratedConversation,
  replyPlaceholder,
  settledReply,
  streamingReply,
  userMessage,
  withFormatChange,
  withMessages,
  withoutMessage,
} from '../panels/playground/conversation-edits.ts';
import {
  formatChoiceKey,
  type ModelFormats,
  modelFormats,
  routeFormat,
  withFormatChoice,
} from '../panels/playground/format-routing.ts';
import { catalogueModelsOf } from '../store/catalogue.ts';
import { useAppStore } from '../store/index.ts';
import { type LiveReply, upsertSummary } from '../store/playground.ts';
import { type KeptDetail, type StreamState, stoppedByUser, useStreamStore } from '../store/streams.ts';
import { nextTask } from '../util/next-task.ts';
import { announce, toastError, toastSuccess } from './feedback.ts';
import { clearPendingImages, pendingImages } from './images.ts';
import { setPrefs } from './prefs.ts';
import { checkStructuredReply } from './structured-output.ts';

const store = () => useAppStore.getState();
const playground = () => store().playground;
const nowIso = () => new Date().toISOString();
const newId = () => crypto.randomUUID();

/** Setup changes (model, temperature, …) are saved once typing pauses. */
const SETUP_SAVE_DELAY_MS = 400;
const SEARCH_DELAY_MS = 250;

// ─── Opening ─────────────────────────────────────────────────────────────────────────────────────

let started = false;

/**
 * The saved conversations' first page is asked for (once: the list is kept current by the panel's own
 * saves, renames and deletes) and a new chat made ready: when the panel's code is loaded, at idle after the
 * first screen (shell/panel-views.ts), so the first visit draws both at once instead of drawing the panel
 * and then all of it again; or when the panel is first shown. Resolves once the list asked for here has
 * arrived (or failed); at once if it was asked before.
 */
export function ensurePlaygroundReady(): Promise<void> {
  if (!started) {
    started = true;
    // A setup change typed in the last moment before closing is still saved.
    window.addEventListener('beforeunload', flushPlayground);
    routeAgainWhenCatalogueArrives();
  }
  const listed = playground().listStatus === 'idle' ? loadConversationList() : Promise.resolve();
  if (!playground().activeId) newChat();
  if (!store().prefsLoaded) refreshNewChatWhenPrefsArrive();
  return listed;
}

/**
 * A model chosen before the gateway's list arrived was routed by its name alone: once the list is there,
 * chats with no turn yet are routed again by what it says (a choice the user made is remembered, and
 * routing keeps it). A conversation with turns keeps its format: it changes only when the user asks.
 */
function routeAgainWhenCatalogueArrives(): void {
  useAppStore.subscribe((state, previous) => {
    if (state.catalogues === previous.catalogues) return;
    for (const open of Object.values(state.playground.open)) {
      if (open.messages.length > 0 || open.model.trim() === '') continue;
      // Each by its own profile's list (a comparison's columns may ask other gateways).
      const models = catalogueModelsOf(state, open.profileId);
      if (models === catalogueModelsOf(previous, open.profileId) || models.length === 0) continue;
      const format = routedFormat(open.model, open.profileId);
      if (format && format !== open.format) changeFormat(open.id, format);
    }
  });
}

/** A new chat made before the remembered choices arrived takes them once they do (if still untouched). */
function refreshNewChatWhenPrefsArrive(): void {
  const unsubscribe = useAppStore.subscribe((state) => {
    if (!state.prefsLoaded) return;
    unsubscribe();
    const active = activeConversation();
    if (!active || active.messages.length > 0 || persisted.has(active.id)) return;
    store().putConversation(newConversation(active.id, active.createdAt, state.prefs.playground));
  });
}

let latestList = 0;
/** Bumped by a new list or search (not by asking the same again): a page of an older one is dropped. */
let listGeneration = 0;

/** Rows asked of main at a time: a few screens' worth; more are asked as the list scrolls near its end. */
export const CONVERSATION_PAGE = 100;
/** While main is still indexing (at a start), the list is asked again this often. */
const REBUILD_POLL_MS = 700;
let rebuildPoll: ReturnType<typeof setTimeout> | null = null;

/**
 * The first page of the list (or, asked again while main indexes, as many rows as are loaded). A later
 * search wins over a slower earlier one.
 */
export async function loadConversationList(
  query: string = playground().query,
  { again = false }: { again?: boolean } = {},
): Promise<void> {
  const request = ++latestList;
  if (!again) listGeneration++;
  if (rebuildPoll) clearTimeout(rebuildPoll);
  rebuildPoll = null;
  const limit = again
    ? Math.min(500, Math.max(CONVERSATION_PAGE, playground().list.length))
    : CONVERSATION_PAGE;
  if (!again) store().updatePlayground({ listStatus: 'loading', listError: null });
  const trimmed = query.trim();
  const result = await call('conversations.list', trimmed ? { query: trimmed, limit } : { limit });
  if (request !== latestList) return;
  if (result.ok) {
    const { conversations, total, movedAside, rebuilding } = result.data;
    // Asked again while main indexes: the first rows are replaced, those loaded beyond them kept.
    const fresh = new Set(conversations.map((item) => item.id));
    const beyond = again
      ? playground()
          .list.slice(conversations.length)
          .filter((item) => !fresh.has(item.id))
      : [];
    store().updatePlayground({
      list: beyond.length > 0 ? [...conversations, ...beyond] : conversations,
      listTotal: total,
      listRebuilding: rebuilding ?? null,
      listStatus: 'ready',
      movedAside: movedAside + (again ? playground().movedAside : 0),
    });
    // Main is still reading its files (a first start, a lost index): the rest arrives as it does.
    if (rebuilding) {
      rebuildPoll = setTimeout(() => {
        rebuildPoll = null;
        if (request === latestList) void loadConversationList(query, { again: true });
      }, REBUILD_POLL_MS);
    }
  } else {
    store().updatePlayground({ listStatus: 'failed', listError: result.error });
  }
}

let loadingMore: number | null = null;

/** The next page of the list, once the rows shown come near the end of those loaded. */
export async function loadMoreConversations(): Promise<void> {
  const { list, listTotal, listStatus, query } = playground();
  if (listStatus !== 'ready' || list.length >= listTotal || loadingMore === listGeneration) return;
  const request = listGeneration;
  loadingMore = request;
  const trimmed = query.trim();
  const page = { offset: list.length, limit: CONVERSATION_PAGE };
  const result = await call('conversations.list', trimmed ? { query: trimmed, ...page } : page);
  if (loadingMore === request) loadingMore = null;
  if (request !== listGeneration || !result.ok) return;
  const current = playground().list;
  const known = new Set(current.map((item) => item.id));
  store().updatePlayground({
    list: [...current, ...result.data.conversations.filter((item) => !known.has(item.id))],
    listTotal: result.data.total,
    movedAside: playground().movedAside + result.data.movedAside,
  });
}

let searchTimer: ReturnType<typeof setTimeout> | null = null;

/** Filters the list as the user types (asked of main once typing pauses). */
export function searchConversations(query: string): void {
  store().updatePlayground({ query });
  if (searchTimer) clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void loadConversationList(query), SEARCH_DELAY_MS);
}

/** A fresh conversation with the last used format, model and streaming choice; the current one if it is still empty. */
export function newChat(): void {
  const active = activeConversation();
  if (active && active.messages.length === 0 && !persisted.has(active.id)) {
    store().updatePlayground({ inspect: null, activeComparisonId: null });
    return;
  }
  const conversation = newConversation(newId(), nowIso(), store().prefs.playground);
  store().putConversation(conversation);
  store().updatePlayground({ activeId: conversation.id, inspect: null, activeComparisonId: null });
}

/** Shows a saved conversation or comparison, as the list row says it is (fetched from main the first time). */
export async function openConversation(id: string): Promise<void> {
  if (playground().list.find((item) => item.id === id)?.kind === 'comparison') {
    await openComparison(id);
    return;
  }
  if (playground().open[id]) {
    store().updatePlayground({ activeId: id, inspect: null, opening: null, activeComparisonId: null });
    return;
  }
  const opened = await fetchOpened(id, () => call('conversations.get', { id }));
  if (!opened) return;
  store().putConversation(interruptedOnLoad(opened.data, opened.liveIds));
  store().updatePlayground({ activeId: id, inspect: null, opening: null, activeComparisonId: null });
}

/**
 * Fetches a saved item the list was clicked on; `null` when a later click took over or it failed (said,
 * and a gone one leaves the list). Its replies that were arriving in this window (`liveIds`) stay live.
 */
async function fetchOpened<T>(
  id: string,
  fetch: () => Promise<Result<T>>,
): Promise<{ data: T; liveIds: Set<string> } | null> {
  store().updatePlayground({ opening: id });
  const result = await fetch();
  if (playground().opening !== id) return null;
  if (!result.ok) {
    store().updatePlayground({ opening: null });
    toastError(result.error);
    if (result.error.code === 'not_found') dropFromList(id);
    return null;
  }
  persisted.add(id);
  return { data: result.data, liveIds: new Set(Object.keys(playground().live)) };
}

/** Shows a saved comparison (fetched from main the first time): its columns become open conversations. */
export async function openComparison(id: string): Promise<void> {
  if (playground().comparisons[id]) {
    store().updatePlayground({ activeComparisonId: id, inspect: null, opening: null });
    return;
  }
  const opened = await fetchOpened(id, () => call('comparisons.get', { id }));
  if (!opened) return;
  const { frame, columns } = frameOf(opened.data);
  for (const column of columns) store().putConversation(interruptedOnLoad(column, opened.liveIds));
  store().setComparison(id, frame);
  store().updatePlayground({ activeComparisonId: id, inspect: null, opening: null });
}

function activeConversation(): Conversation | null {
  const { activeId, open } = playground();
  return activeId ? (open[activeId] ?? null) : null;
}

function conversation(id: string): Conversation | null {
  return playground().open[id] ?? null;
}

/**
 * Who a conversation's saves, inspector records and list row belong to: the comparison whose column it is,
 * or the conversation itself.
 */
export function ownerOf(conversationId: string): string {
  return comparisonOf(playground().comparisons, conversationId)?.id ?? conversationId;
}

function dropFromList(id: string): void {
  const { list, listTotal } = playground();
  const next = list.filter((item) => item.id !== id);
  if (next.length === list.length) return;
  store().updatePlayground({ list: next, listTotal: Math.max(next.length, listTotal - 1) });
}

// ─── Saving ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Conversations and comparisons main has on disk, as this window learnt it: opened or saved here (a row
 * listed is not added).
 */
const persisted = new Set<string>();

/** Whether main has this conversation or comparison on disk, as far as this window knows. */
export function isSaved(id: string): boolean {
  return persisted.has(id);
}
const saving = new Map<string, Promise<void>>();
const dirty = new Set<string>();
const setupTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Saves the conversation as it stands (a comparison's column: the whole comparison). Saves of one run one
 * after another, and a save asked while one runs writes the latest state once it is done, so the file
 * never goes back in time. `inOwnTask`: sent from a later task (see `inTaskOfItsOwn`), for the save at a
 * reply's end; every other save is sent at once, so a turn is on disk before its request goes out.
 */
export function saveConversation(conversationId: string, { inOwnTask = false } = {}): Promise<void> {
  const id = ownerOf(conversationId);
  for (const timed of new Set([conversationId, id])) {
    const timer = setupTimers.get(timed);
    if (timer) {
      clearTimeout(timer);
      setupTimers.delete(timed);
    }
  }
  dirty.add(id);
  const running = saving.get(id);
  if (running) return running;
  const run = (async () => {
    if (inOwnTask) await inTaskOfItsOwn(`save:${id}`);
    while (dirty.has(id)) {
      dirty.delete(id);
      const result = await saveNow(id);
      if (result === null) return;
      if (result.ok) {
        persisted.add(id);
        noteSaved(result.data);
      } else if (conversation(id) || playground().comparisons[id]) {
        toastError(result.error);
      }
    }
  })().finally(() => saving.delete(id));
  saving.set(id, run);
  return run;
}

/** Sends waiting for their own task (see `inTaskOfItsOwn`), by what they send. */
const waitingSends = new Map<string, () => void>();

/**
 * Resolves in a later task. A save hands main the whole conversation (a comparison: every column, with
 * 200 KB replies that is most of a megabyte to copy for IPC): sent in the task that rendered the reply's
 * end, it made that a long task (compare-stream bench, traced: 50–64 ms of main-thread time at each
 * column's end, a reply's inspector record then sent as well; main keeps those itself now). A window going
 * away sends them at once (`flushPlayground`).
 */
function inTaskOfItsOwn(key: string): Promise<void> {
  return new Promise((resolve) => {
    waitingSends.get(key)?.();
    waitingSends.set(key, resolve);
    nextTask(() => {
      if (waitingSends.get(key) !== resolve) return;
      waitingSends.delete(key);
      resolve();
    });
  });
}

/** One write of a conversation or a comparison as it stands; `null` when it is no longer open. */
function saveNow(id: string) {
  const frame = playground().comparisons[id];
  if (frame) {
    const comparison = assembled(frame, playground().open);
    return comparison ? call('comparisons.save', { comparison }) : null;
  }
  const current = conversation(id);
  return current ? call('conversations.save', { conversation: current }) : null;
}

function noteSaved(summary: ConversationSummary): void {
  const { list, query } = playground();
  // While a search is shown, a saved conversation is updated in place but not added to the results.
  const known = list.some((item) => item.id === summary.id);
  if (query.trim() && !known) return;
  const { listTotal } = playground();
  store().updatePlayground({
    list: upsertSummary(list, summary),
    listTotal: known ? listTotal : listTotal + 1,
  });
}

/** Saves shortly after the last of a burst of setup changes; an empty new chat is not saved at all. */
function saveSetupSoon(id: string): void {
  const current = conversation(id);
  const owner = ownerOf(id);
  if (!current || (current.messages.length === 0 && !persisted.has(owner))) return;
  const timer = setupTimers.get(id);
  if (timer) clearTimeout(timer);
  setupTimers.set(
    id,
    setTimeout(() => {
      setupTimers.delete(id);
      void saveConversation(id);
    }, SETUP_SAVE_DELAY_MS),
  );
}

/** Saves every change still waiting (before the window goes away): sent now, not in a later task. */
export function flushPlayground(): void {
  for (const id of [...setupTimers.keys()]) void saveConversation(id);
  for (const send of waitingSends.values()) send();
  waitingSends.clear();
}

// ─── Setup ───────────────────────────────────────────────────────────────────────────────────────

/** The remembered choices a setup change carries over to the next new chat. */
function prefsFor(setup: Partial<ConversationSetup>, format: ChatFormat): Partial<PlaygroundPrefs> {
  const patch: Partial<PlaygroundPrefs> = {};
  if (setup.format !== undefined) patch.format = setup.format;
  if (setup.stream !== undefined) patch.stream = setup.stream;
  const model = setup.model?.trim();
  if (model) patch[MODEL_PREF[format]] = model;
  return patch;
}

const MODEL_PREF = {
  responses: 'responsesModel',
  chat: 'chatModel',
  content: 'contentModel',
} as const satisfies Record<ChatFormat, keyof PlaygroundPrefs>;

/** Changes a conversation's stream or settings (or model, as typed); remembered for new chats, saved soon. */
export function updateSetup(id: string, patch: Partial<ConversationSetup>): void {
  const current = conversation(id);
  if (!current) return;
  const next = { ...current, ...patch };
  store().putConversation(next);
  const remembered = prefsFor(patch, next.format);
  if (Object.keys(remembered).length > 0) setPrefs({ playground: remembered });
  saveSetupSoon(id);
}

/**
 * The formats a profile's catalogue (or, where it says nothing, the name) gives `model`; `profileId`
 * absent: the active profile's.
 */
export function formatsOfModel(model: string, profileId?: string): ModelFormats | null {
  return modelFormats(model, catalogueModelsOf(store(), profileId));
}

/** The profile a conversation's requests go to: its own, else the active one. */
const profileOf = (profileId: string | undefined) => profileId ?? store().settings?.activeProfileId;

function rememberedFormat(model: string, forProfile: string | undefined): ChatFormat | undefined {
  const profileId = profileOf(forProfile);
  return profileId ? store().prefs.playground.formatChoices[formatChoiceKey(profileId, model)] : undefined;
}

/** Remembers that the user sends `model` as `format` (per profile), so choosing it later does the same. */
function rememberFormat(model: string, format: ChatFormat, forProfile: string | undefined): void {
  const profileId = profileOf(forProfile);
  if (!profileId || model.trim() === '') return;
  const key = formatChoiceKey(profileId, model);
  const choices = store().prefs.playground.formatChoices;
  if (choices[key] === format) return;
  setPrefs({ playground: { formatChoices: withFormatChoice(choices, key, format) } });
}

/** The conversation in another format (and maybe with another model), its history converted and noted. */
function changeFormat(id: string, format: ChatFormat, model?: string): void {
  const current = conversation(id);
  if (!current) return;
  const moved = withFormatChange(current, format, newId(), nowIso());
  store().putConversation(model === undefined ? moved : { ...moved, model });
  // The model is now the one last used in this format, for the next new chat in it.
  setPrefs({ playground: prefsFor({ format, model: model ?? current.model }, format) });
  saveSetupSoon(id);
}

/** The format the gateway's rule (and the user's remembered choice) picks for `model`; `null`: nothing says. */
function routedFormat(model: string, profileId: string | undefined): ChatFormat | null {
  return routeFormat(formatsOfModel(model, profileId)?.formats ?? [], rememberedFormat(model, profileId));
}

/**
 * The model field: the model, and the format the gateway's rule picks for it (see format-routing.ts).
 * A model neither the catalogue nor its name places keeps the format as it is.
 */
export function chooseModel(id: string, model: string): void {
  const current = conversation(id);
  if (!current) return;
  const format = routedFormat(model, current.profileId);
  // Routed first, so the model is remembered as the last one of the format it is sent in.
  if (format && format !== current.format) changeFormat(id, format, model);
  else updateSetup(id, { model });
}

/**
 * The format switch, the user's own choice. The model stays when it speaks that format (or nothing says it
 * does not); otherwise it becomes the one last used in that format. Remembered for that model.
 */
export function switchFormat(id: string, format: ChatFormat): void {
  const current = conversation(id);
  if (!current || current.format === format) return;
  const formats = formatsOfModel(current.model, current.profileId);
  const fits = !formats || formats.formats.includes(format);
  const fallback = lastModelOf(store().prefs.playground, format);
  const model = fits || fallback === '' ? current.model : fallback;
  changeFormat(id, format, model);
  rememberFormat(model, format, current.profileId);
}

// ─── Sending and replies ─────────────────────────────────────────────────────────────────────────

export function setDraft(id: string, text: string): void {
  store().setDraft(id, text);
}

/** Why Send cannot run now (for the button's tooltip), or `null`. `images`: how many wait to go with it. */
export function sendProblem(
  current: Conversation,
  draft: string,
  compacting: boolean,
  images = 0,
): string | null {
  const t = chatWords.t;
  if (draft.trim() === '' && images === 0) return t('composer.typeFirst');
  if (current.model.trim() === '') return t('composer.chooseModel');
  if (compacting) return t('composer.waitCompaction');
  if (streamingReply(current)) return t('composer.replyArriving');
  return null;
}

/** Sends the conversation's draft (and the images waiting with it) as the next user turn. */
export function sendDraft(id: string): void {
  const current = conversation(id);
  if (!current) return;
  const draft = playground().drafts[id] ?? '';
  const images = pendingImages(id);
  if (sendProblem(current, draft, Boolean(playground().compacting[id]), images.length)) return;
  const now = nowIso();
  const turn = userMessage(newId(), draft, now, images);
  const next = withMessages(current, [...current.messages, turn], now);
  store().setDraft(id, '');
  clearPendingImages(id);
  void requestReply(next);
}

/** Asks for a reply to a conversation that ends with the user turn to answer. */
export async function requestReply(current: Conversation): Promise<void> {
  store().setNotice(current.id, null);
  const reply = replyPlaceholder(newId(), nowIso(), current);
  store().putConversation(withMessages(current, [...current.messages, reply], reply.createdAt));
  // Saved before the request goes out: a crash loses at most the reply in progress.
  void saveConversation(current.id);
  // Metrics count from here: just before the request is handed to main.
  const sentAt = performance.now();
  const live: LiveReply = { conversationId: current.id, streamId: null, sentAt, stopRequested: false };
  const { structuredOutput } = current.settings;
  if (structuredOutput) live.structuredOutput = structuredOutput;
  store().setLiveReply(reply.id, live);
  // Main keeps the reply's inspector record where the conversation's are kept (a column's: under its comparison).
  const keepDetailAs = { id: ownerOf(current.id), messageId: reply.id };
  const result = await sendRequest(current, keepDetailAs);
  if (!result.ok) {
    stoppedHere.delete(reply.id);
    finishReply(reply.id, (message) => failedReply(message, result.error));
    announce(chatWords.t('toast.replyFailed', { message: result.error.message }));
    return;
  }
  const { streamId } = result.data;
  const running = playground().live[reply.id];
  const kept = { conversationId: current.id, owner: keepDetailAs.id };
  if (!running) {
    // Stopped meanwhile, or its conversation went away (deleted, a removed column): nothing to fill in.
    // Still followed, for what main says of the record it keeps.
    void call('stream.stop', { streamId });
    follow(reply.id, streamId, kept);
    return;
  }
  updateLive(reply.id, { streamId });
  if (running.stopRequested) void call('stream.stop', { streamId });
  follow(reply.id, streamId, kept);
}

/**
 * Hands the conversation's next request to main, in its format, for its profile's gateway; main keeps the
 * reply's inspector record as `keepDetailAs` says.
 */
function sendRequest(current: Conversation, keepDetailAs: KeepDetailAs) {
  const { stream, profileId } = current;
  const to = profileId === undefined ? { keepDetailAs } : { profileId, keepDetailAs };
  switch (current.format) {
    case 'responses':
      return call('chat.responses', { request: responsesRequestFor(current), stream, ...to });
    case 'chat':
      return call('chat.completions', { request: chatRequestFor(current), stream, ...to });
    case 'content':
      return call('chat.generateContent', { request: contentRequestFor(current), stream, ...to });
  }
}

function updateLive(replyId: string, patch: Partial<LiveReply>): void {
  const live = liveOf(replyId);
  if (live) store().setLiveReply(replyId, { ...live, ...patch });
}

const liveOf = (replyId: string): LiveReply | null => playground().live[replyId] ?? null;

/**
 * Replies the user stopped, by id: ended on screen at the click, with what had arrived by then (see
 * `stopReply`). Their stream is still followed to its end, for what main says of its record, not for its text.
 */
const stoppedHere = new Map<string, LiveReply>();

/** Whose a reply's inspector record is: the reply's conversation, and the owner main keeps it under. */
interface RecordOf {
  conversationId: string;
  owner: string;
}

/**
 * Watches a reply's stream: when it ends, keeps what arrived in the conversation and saves it; when main
 * has said what became of the reply's inspector record (the stream's last batch, which may come a little
 * after the end: main writes the record first), notes that.
 */
function follow(replyId: string, streamId: string, record: RecordOf): void {
  let ended = false;
  const check = (stream: StreamState | undefined) => {
    if (!stream || stream.status === 'running') return;
    if (!ended) {
      ended = true;
      replyEnded(replyId, stream);
    }
    if (!stream.closed) return;
    unsubscribe();
    useStreamStore.getState().forgetStream(streamId);
    recordKept(replyId, record, stream.detail);
  };
  const unsubscribe = useStreamStore.subscribe((state, previous) => {
    const stream = state.streams[streamId];
    if (stream !== previous.streams[streamId]) check(stream);
  });
  // Events may have arrived (even the end) before the id did; the stream store kept them.
  check(useStreamStore.getState().streams[streamId]);
}

/** A reply whose stream has ended (unless it ended here already: stopped, or let go). */
function replyEnded(replyId: string, stream: StreamState): void {
  const live = liveOf(replyId);
  if (!live) return;
  // Main keeps a record of every reply it streamed; its write was queued before the end was sent, so
  // the inspector, asking after this, reads it.
  const hasDetail = stream.detail?.kept ?? true;
  finishReply(replyId, (message) => settledReply(message, stream, live.sentAt, hasDetail));
  if (stream.status === 'error')
    announce(
      stream.error
        ? chatWords.t('toast.replyFailed', { message: stream.error.message })
        : chatWords.t('toast.replyFailedPlain'),
    );
  else if (stream.status !== 'stopped') announce(chatWords.t('toast.replyFinished'));
  if (live.structuredOutput && stream.status !== 'error' && stream.text !== '')
    void checkStructured(live.conversationId, replyId, live.structuredOutput, stream.text);
}

/**
 * What main did with a reply's record: the list row's size follows; a stopped reply (ended here before
 * main had kept anything) now says it has one; a failure is said, unless its conversation was deleted
 * meanwhile (main then keeps nothing: `not_found`), and a reply that said at its end it had one (its
 * end came a batch before the write's outcome) says it has none.
 */
function recordKept(replyId: string, { conversationId, owner }: RecordOf, detail: KeptDetail | null): void {
  const stopped = stoppedHere.get(replyId);
  stoppedHere.delete(replyId);
  if (!detail) return;
  if (!detail.kept) {
    if (detail.error.code !== 'not_found' && conversation(conversationId)) toastError(detail.error);
    noteHasDetail(conversationId, replyId, false);
    return;
  }
  noteDetailBytes(owner, detail.detailBytes);
  if (stopped) noteHasDetail(conversationId, replyId, true);
  // A removed column's reply: its comparison is saved again, which drops records of replies it no longer has.
  else if (!conversation(conversationId) && owner !== conversationId && playground().comparisons[owner])
    void saveConversation(owner);
}

/** A reply asked to follow a schema, checked against it once it has ended; the verdict is kept with it. */
async function checkStructured(
  conversationId: string,
  replyId: string,
  schema: StructuredOutput,
  text: string,
): Promise<void> {
  const structured = await checkStructuredReply(schema.schema, schema.name, text);
  const current = conversation(conversationId);
  if (!structured || !current) return;
  store().putConversation(
    changeMessage(
      current,
      replyId,
      (message) => (message.role === 'assistant' ? { ...message, structured } : message),
      nowIso(),
    ),
  );
  void saveConversation(conversationId);
}

/** Replaces the reply with its final form, forgets it as live, and saves. */
function finishReply(replyId: string, settle: (message: AssistantMessage) => AssistantMessage): void {
  const live = liveOf(replyId);
  if (!live) return;
  const current = conversation(live.conversationId);
  if (current) {
    const next = changeMessage(
      current,
      replyId,
      (message) => (message.role === 'assistant' ? settle(message) : message),
      nowIso(),
    );
    // The final text is in place before the reply stops reading its stream: no frame shows it empty.
    store().putConversation(next);
  }
  store().setLiveReply(replyId, null);
  if (current) void saveConversation(current.id, { inOwnTask: true });
}

/**
 * Stops a reply whose conversation is going away (a removed column, a deleted comparison): nothing of it is
 * kept. Main refuses its inspector record once the comparison is deleted; a removed column's record is
 * dropped when its comparison is saved again (`recordKept`).
 */
export function letGo(replyId: string): void {
  askMainToStop(replyId);
  store().setLiveReply(replyId, null);
}

/**
 * Stops a reply: main aborts the request, and the reply ends here at once, stopped, with the text shown
 * when Stop was pressed. Not when main's last batch comes: that one waits behind every batch already on
 * its way to this page, and a page busy drawing several streams is seconds behind (issue 17's Compare
 * e2e: main had ended the stream 0.1 s after the stop reached it; the page showed it 8 to over 12 s
 * later, the text growing meanwhile).
 */
export function stopReply(replyId: string): void {
  const live = liveOf(replyId);
  if (!live) return;
  askMainToStop(replyId);
  const shown = live.streamId ? useStreamStore.getState().streams[live.streamId] : undefined;
  stoppedHere.set(replyId, live);
  // Whether main kept a record is known once its stream has ended there (`noteHasDetail`).
  finishReply(replyId, (message) =>
    settledReply(message, stoppedByUser(shown, performance.now()), live.sentAt, false),
  );
}

function askMainToStop(replyId: string): void {
  const live = liveOf(replyId);
  if (live?.streamId) void call('stream.stop', { streamId: live.streamId });
  else if (live) updateLive(replyId, { stopRequested: true });
}

/**
 * What main reported of a reply's record after the reply had ended here (stopped: kept; or a write that
 * failed): the reply says so, and is saved so (the save's summary also brings the list row's size up to date).
 */
function noteHasDetail(conversationId: string, replyId: string, hasDetail: boolean): void {
  const current = conversation(conversationId);
  const reply = current?.messages.find((message) => message.id === replyId);
  if (!current || reply?.role !== 'assistant' || reply.hasDetail === hasDetail) return;
  store().putConversation(
    changeMessage(current, replyId, (message) => ({ ...message, hasDetail }), nowIso()),
  );
  void saveConversation(conversationId, { inOwnTask: true });
}

/** Stops whatever the shown conversation is waiting for (Esc): its compaction or its reply. `false`: none. */
export function stopActiveReply(): boolean {
  const comparison = playground().activeComparisonId;
  if (comparison) return stopComparison(comparison);
  const current = activeConversation();
  // A running compaction is what the conversation waits for then (nothing can be sent meanwhile).
  if (current && playground().compacting[current.id]) {
    void cancelCompaction(current.id);
    return true;
  }
  const reply = current ? streamingReply(current) : null;
  if (!reply || !liveOf(reply.id)) return false;
  stopReply(reply.id);
  return true;
}

/** Stops every column's reply that is arriving; `false` when none was. */
export function stopComparison(comparisonId: string): boolean {
  const frame = playground().comparisons[comparisonId];
  let stopped = false;
  for (const columnId of frame?.columnIds ?? []) {
    const column = conversation(columnId);
    const reply = column ? streamingReply(column) : null;
    if (reply && liveOf(reply.id)) {
      stopReply(reply.id);
      stopped = true;
    }
  }
  return stopped;
}

function busy(current: Conversation): boolean {
  return streamingReply(current) !== null || Boolean(playground().compacting[current.id]);
}

/** Drops the reply and everything after it, and asks again. */
export function regenerate(id: string, replyId: string): void {
  const current = conversation(id);
  if (!current || busy(current)) return;
  const next = regeneratedConversation(current, replyId, nowIso());
  if (next) void requestReply(next);
}

/**
 * A reply that failed because its format does not fit the model: the same turn, the same model, asked again
 * in `format` — remembered for that model, so choosing it later goes there at once.
 */
export function switchFormatAndRetry(id: string, replyId: string, format: ChatFormat): void {
  const current = conversation(id);
  if (!current || busy(current) || current.format === format) return;
  // The failed reply goes first, so the format-change marker follows the turn it retries.
  const retried = regeneratedConversation(current, replyId, nowIso());
  if (!retried) return;
  store().putConversation(retried);
  changeFormat(id, format);
  rememberFormat(current.model, format, current.profileId);
  const next = conversation(id);
  if (next) void requestReply(next);
}

/** The user turn gets its new text; every later message is dropped; a new reply is asked for. */
export function editAndResend(id: string, userId: string, text: string): void {
  const current = conversation(id);
  if (!current || busy(current)) return;
  const turn = current.messages.find((message) => message.id === userId);
  // A turn of images alone may be resent without text; any other needs some.
  const hasImages = turn?.role === 'user' && (turn.images?.length ?? 0) > 0;
  if (text.trim() === '' && !hasImages) return;
  const next = editedConversation(current, userId, text, nowIso());
  if (next) void requestReply(next);
}

export function deleteMessage(id: string, messageId: string): void {
  const current = conversation(id);
  if (!current || liveOf(messageId)) return;
  const next = withoutMessage(current, messageId, nowIso());
  if (next === current) return;
  store().putConversation(next);
  const inspect = playground().inspect;
  if (inspect?.messageId === messageId) store().updatePlayground({ inspect: null });
  void saveConversation(id);
}

// ─── Compaction ──────────────────────────────────────────────────────────────────────────────────

/** The refusal in plain words; the hint without a first sentence that only repeats it. */
function compactionRefused(error: AppError): AppError {
  const t = chatWords.t;
  const refusal = t('toast.noCompaction');
  const plain = (text: string) => text.replace(/[’']/g, "'").toLowerCase();
  const hint = error.hint ?? '';
  // Main's hint may lead with the same sentence, in English or in the interface's language.
  const repeated = [refusal, 'This model’s channel does not offer compaction.'].find((sentence) =>
    plain(hint).startsWith(plain(sentence)),
  );
  const rest = repeated ? hint.slice(repeated.length).trim() : hint;
  const nothing = t('chat.nothingChanged');
  return { ...error, message: refusal, hint: rest ? `${rest} ${nothing}` : nothing };
}

/** Replaces the history with the gateway's compacted output (one marker); the next turn builds on it. */
export async function compactConversation(id: string): Promise<void> {
  const current = conversation(id);
  if (!current || compactProblem(current, busy(current))) return;
  store().setNotice(id, null);
  store().setCompacting(id, true);
  // Named before it runs: main keeps the compaction's inspector record under its marker.
  const markerId = newId();
  // Named by its conversation (one compaction per conversation at a time), so Cancel can name it too.
  const result = await call('chat.compact', {
    ...compactRequestFor(current),
    callId: id,
    ...(current.profileId === undefined ? {} : { profileId: current.profileId }),
    keepDetailAs: { id: ownerOf(id), messageId: markerId },
  });
  store().setCompacting(id, false);
  if (!result.ok) {
    // Cancelled by the user (or its window went away): nothing to report, nothing was changed.
    if (result.error.code === 'aborted') return;
    store().setNotice(
      id,
      result.error.code === 'compact_unsupported' ? compactionRefused(result.error) : result.error,
    );
    return;
  }
  // Compaction replaces the history as it was when asked; the composer is closed meanwhile.
  const latest = conversation(id) ?? current;
  store().putConversation(compactedConversation(latest, result.data, markerId, nowIso()));
  // Main kept its record (if `detailKept`) before answering: this save's summary counts it.
  void saveConversation(id);
}

/** Cancels the conversation's running compaction; its call then answers `aborted` and changes nothing. */
export async function cancelCompaction(id: string): Promise<void> {
  if (!playground().compacting[id]) return;
  await call('chat.cancelCompact', { callId: id });
}

export function dismissNotice(id: string): void {
  store().setNotice(id, null);
}

// ─── Conversations ───────────────────────────────────────────────────────────────────────────────

/** A new title ('' goes back to the one taken from the first message). */
export async function renameConversation(id: string, title: string): Promise<void> {
  const frame = playground().comparisons[id];
  if (frame) {
    store().setComparison(id, { ...frame, customTitle: title.trim(), updatedAt: nowIso() });
    await saveConversation(id);
    return;
  }
  const current = conversation(id);
  if (current) {
    store().putConversation({ ...current, customTitle: title.trim(), updatedAt: nowIso() });
    // An empty new chat that is given a name is worth keeping.
    await saveConversation(id);
    return;
  }
  const result = await call('conversations.rename', { id, title: title.trim() });
  if (result.ok) noteSaved(result.data);
  else toastError(result.error);
}

export async function deleteConversation(id: string): Promise<boolean> {
  if (playground().comparisons[id] || listed(id)?.kind === 'comparison') return deleteComparison(id);
  const current = conversation(id);
  if (current) for (const message of current.messages) stopReply(message.id);
  await saving.get(id);
  if (persisted.has(id) || !current) {
    const result = await call('conversations.delete', { id });
    if (!result.ok) {
      toastError(result.error);
      return false;
    }
  }
  persisted.delete(id);
  clearPendingImages(id);
  // Main deleted its inspector records with it.
  if (current) for (const messageId of allMessageIds(current.messages)) store().setDetail(messageId, null);
  const { open, drafts, activeId } = playground();
  const { [id]: _gone, ...rest } = open;
  const { [id]: _draft, ...otherDrafts } = drafts;
  store().updatePlayground({ open: rest, drafts: otherDrafts, inspect: null });
  dropFromList(id);
  if (activeId === id) {
    store().updatePlayground({ activeId: null });
    newChat();
  }
  toastSuccess(chatWords.t('toast.conversationDeleted'));
  return true;
}

/** Deletes a comparison with its columns (and their inspector records, which main keeps under its id). */
async function deleteComparison(id: string): Promise<boolean> {
  const frame = playground().comparisons[id];
  const columns = (frame?.columnIds ?? []).flatMap((columnId) => conversation(columnId) ?? []);
  for (const column of columns) for (const message of column.messages) letGo(message.id);
  // A first save still on its way would bring it back after the delete: it lands first.
  await saving.get(id);
  if (persisted.has(id) || !frame) {
    const result = await call('conversations.delete', { id });
    if (!result.ok) {
      toastError(result.error);
      return false;
    }
  }
  persisted.delete(id);
  for (const column of columns)
    for (const messageId of allMessageIds(column.messages)) store().setDetail(messageId, null);
  const { open, drafts, activeComparisonId, activeId } = playground();
  const gone = new Set(frame?.columnIds ?? []);
  const { [id]: _draft, ...otherDrafts } = drafts;
  store().updatePlayground({
    open: Object.fromEntries(Object.entries(open).filter(([openId]) => !gone.has(openId))),
    drafts: otherDrafts,
    inspect: null,
  });
  store().setComparison(id, null);
  dropFromList(id);
  if (activeComparisonId === id) {
    store().updatePlayground({ activeComparisonId: null });
    if (!activeId) newChat();
  }
  toastSuccess(chatWords.t('toast.comparisonDeleted'));
  return true;
}

const listed = (id: string) => playground().list.find((item) => item.id === id) ?? null;

export async function exportConversation(id: string, format: ConversationExportFormat): Promise<void> {
  // What is exported is what is on screen: anything waiting to be saved is written first.
  if (conversation(id) || playground().comparisons[id]) await saveConversation(id);
  const result = await call('conversations.export', { id, format });
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  if (result.data.path)
    toastSuccess(
      chatWords.t(format === 'md' ? 'toast.exportedMarkdown' : 'toast.exportedJson'),
      result.data.path,
    );
}

// ─── Inspector records ───────────────────────────────────────────────────────────────────────────

/** The list row's figure of a conversation's kept records, as main last told it. */
function noteDetailBytes(id: string, detailBytes: number): void {
  const { list } = playground();
  if (!list.some((item) => item.id === id && item.detailBytes !== detailBytes)) return;
  store().updatePlayground({
    list: list.map((item) => (item.id === id ? { ...item, detailBytes } : item)),
  });
}

/**
 * A column continued as the saved conversation `conversationId`: its replies say they have a record, kept
 * under the comparison; main copies those records over (it reads them from its own store: the page only
 * names the two ids), so the conversation's inspector finds them and they outlive the comparison.
 */
export async function copyColumnDetail(comparisonId: string, conversationId: string): Promise<void> {
  const result = await call('conversations.copyDetail', { from: comparisonId, to: conversationId });
  if (result.ok) noteDetailBytes(conversationId, result.data.detailBytes);
  // Either was deleted meanwhile, or the save failed (already told): nothing to copy to.
  else if (result.error.code !== 'not_found') toastError(result.error);
}

/** Asks main for a record the inspector shows, unless it is held here already (or being asked for). */
export async function ensureDetail(conversationId: string, messageId: string): Promise<void> {
  const held = playground().details[messageId];
  if (held && held.status !== 'failed') return;
  store().setDetail(messageId, { status: 'loading' });
  const result = await call('conversations.detail', { id: ownerOf(conversationId), messageId });
  store().setDetail(
    messageId,
    !result.ok
      ? { status: 'failed', error: result.error }
      : result.data.detail
        ? { status: 'kept', detail: result.data.detail }
        : { status: 'gone' },
  );
}

/** Deletes a conversation's inspector records (the conversation stays); the row's size goes to zero. */
export async function clearInspectorDetail(id: string): Promise<void> {
  const result = await call('conversations.clearDetail', { id });
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  const current = conversation(id);
  if (current) {
    const held = playground().details;
    for (const messageId of allMessageIds(current.messages)) {
      if (held[messageId]) store().setDetail(messageId, { status: 'gone' });
    }
  }
  noteDetailBytes(id, result.data.detailBytes);
  toastSuccess(chatWords.t('toast.detailCleared'));
}

// ─── Around the messages ─────────────────────────────────────────────────────────────────────────

export function inspectMessage(conversationId: string, messageId: string): void {
  store().updatePlayground({ inspect: { conversationId, messageId } });
}

export function closeInspector(): void {
  store().updatePlayground({ inspect: null });
}

/** `what`: the toast's words (default "Copied", in the interface's language). */
export async function copyText(text: string, what?: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(what ?? chatWords.t('toast.copied'));
  } catch {
    toastError({ code: 'internal', message: chatWords.t('toast.clipboardFailed') });
  }
}

/** Links in replies open in the system browser (main allows https only); the page never navigates. */
export async function openLink(url: string): Promise<void> {
  const result = await call('shell.openExternal', { url });
  if (!result.ok) toastError(result.error);
}
