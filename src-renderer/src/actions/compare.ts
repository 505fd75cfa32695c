// Compare (issue 17): one prompt answered side by side by 2–4 columns. Each column is a conversation in the
// store, so sending, streaming, stopping, re-asking and saving go through the Playground's own actions;
// these add what a comparison does as a whole.
import {
  type Conversation,
  type ConversationSetup,
  MIN_COMPARE_COLUMNS,
} from '../../../src-preload/contract.ts';
import { compareWords } from '../panels/playground/compare/strings.ts';
import { canAddColumn, duplicatedColumn, lastReply } from '../panels/playground/comparison-edits.ts';
import {
  newConversation,
  streamingReply,
  userMessage,
  withMessages,
} from '../panels/playground/conversation-edits.ts';
import { useAppStore } from '../store/index.ts';
import type { ComparisonFrame } from '../store/playground.ts';
import { toastSuccess } from './feedback.ts';
import {
  copyColumnDetail,
  letGo,
  regenerate,
  requestReply,
  saveConversation,
  stopReply,
} from './playground.ts';

const store = () => useAppStore.getState();
const playground = () => store().playground;
const nowIso = () => new Date().toISOString();
const newId = () => crypto.randomUUID();

function frame(comparisonId: string): ComparisonFrame | null {
  return playground().comparisons[comparisonId] ?? null;
}

function columnsOf(comparisonId: string): Conversation[] {
  const open = playground().open;
  return (frame(comparisonId)?.columnIds ?? []).flatMap((id) => open[id] ?? []);
}

/** The setup a new comparison's columns start from: the chat shown now, else the remembered choices. */
function startingSetup(now: string): Conversation {
  const { activeId, open } = playground();
  const shown = activeId ? open[activeId] : undefined;
  const fresh = newConversation(newId(), now, store().prefs.playground);
  if (!shown) return fresh;
  const { format, stream, model, settings, store: keep, chainResponses, profileId } = shown;
  const setup: ConversationSetup = { format, stream, model, settings, store: keep, chainResponses };
  return { ...fresh, ...setup, ...(profileId === undefined ? {} : { profileId }) };
}

/**
 * A new comparison of two columns set up like the chat shown now: change what the second one should do
 * differently, then send. Not saved until the first prompt.
 */
export function newComparison(): void {
  const now = nowIso();
  const first = startingSetup(now);
  const second = duplicatedColumn(first, newId(), now);
  const id = newId();
  store().putConversation(first);
  store().putConversation(second);
  store().setComparison(id, {
    id,
    customTitle: '',
    createdAt: now,
    updatedAt: now,
    columnIds: [first.id, second.id],
  });
  store().updatePlayground({ activeComparisonId: id, inspect: null });
}

/** Leaves the comparison view for the conversation shown before (the comparison stays open in the list). */
export function closeComparison(): void {
  store().updatePlayground({ activeComparisonId: null, inspect: null });
}

/**
 * A copy of a column, beside it: the same setup and history, so it can be changed in one setting and
 * asked again ("Re-run"). Also how "Add column" adds one (a copy of the last).
 */
export function duplicateColumn(comparisonId: string, columnId: string): void {
  const current = frame(comparisonId);
  const source = playground().open[columnId];
  // Not while it answers: the copy could not follow the reply's stream, and would hold a prompt unanswered.
  if (!current || !source || !canAddColumn(current) || streamingReply(source)) return;
  const copy = duplicatedColumn(source, newId(), nowIso());
  store().putConversation(copy);
  const at = current.columnIds.indexOf(columnId) + 1;
  const columnIds = [...current.columnIds.slice(0, at), copy.id, ...current.columnIds.slice(at)];
  store().setComparison(comparisonId, { ...current, columnIds, updatedAt: nowIso() });
  void saveIfStarted(comparisonId);
}

export function addColumn(comparisonId: string): void {
  const last = frame(comparisonId)?.columnIds.at(-1);
  if (last) duplicateColumn(comparisonId, last);
}

export function removeColumn(comparisonId: string, columnId: string): void {
  const current = frame(comparisonId);
  if (!current || current.columnIds.length <= MIN_COMPARE_COLUMNS) return;
  const column = playground().open[columnId];
  const reply = column ? streamingReply(column) : null;
  if (reply) letGo(reply.id);
  store().setComparison(comparisonId, {
    ...current,
    columnIds: current.columnIds.filter((id) => id !== columnId),
    updatedAt: nowIso(),
  });
  const { [columnId]: _gone, ...open } = playground().open;
  const inspect = playground().inspect;
  store().updatePlayground({ open, inspect: inspect?.conversationId === columnId ? null : inspect });
  void saveIfStarted(comparisonId);
}

/** A comparison is saved from its first prompt on; before, only its setup exists. */
function saveIfStarted(comparisonId: string): Promise<void> {
  const started = columnsOf(comparisonId).some((column) => column.messages.length > 0);
  return started ? saveConversation(comparisonId) : Promise.resolve();
}

/** Why the prompt cannot go to every column now, or `null`. */
export function comparisonSendProblem(comparisonId: string, draft: string): string | null {
  const { t } = compareWords;
  if (draft.trim() === '') return t('send.typeFirst');
  const columns = columnsOf(comparisonId);
  const unset = columns.findIndex((column) => column.model.trim() === '');
  if (unset >= 0) return t('send.chooseModel', { n: unset + 1 });
  if (columns.some((column) => streamingReply(column) !== null)) return t('send.stillArriving');
  return null;
}

/** Sends the prompt box to every column at once; each streams on its own. */
export function sendToAll(comparisonId: string): void {
  const draft = playground().drafts[comparisonId] ?? '';
  if (comparisonSendProblem(comparisonId, draft)) return;
  const now = nowIso();
  const columns = columnsOf(comparisonId);
  store().setDraft(comparisonId, '');
  const current = frame(comparisonId);
  if (current) store().setComparison(comparisonId, { ...current, updatedAt: now });
  for (const column of columns) {
    const turn = userMessage(newId(), draft, now);
    void requestReply(withMessages(column, [...column.messages, turn], now));
  }
}

/** Asks one column's last turn again (after a change of its setup, say); the other columns stay. */
export function rerunColumn(columnId: string): void {
  const column = playground().open[columnId];
  const reply = column ? lastReply(column) : null;
  if (column && reply && !streamingReply(column)) regenerate(columnId, reply.id);
}

export function stopColumn(columnId: string): void {
  const column = playground().open[columnId];
  const reply = column ? streamingReply(column) : null;
  if (reply) stopReply(reply.id);
}

/**
 * "Continue with this one": the column becomes a conversation of its own, with its setup and history, and
 * is shown as one. The comparison stays as it was.
 */
export async function continueColumn(comparisonId: string, columnId: string): Promise<void> {
  const column = playground().open[columnId];
  if (!column || streamingReply(column)) return;
  const now = nowIso();
  const conversation: Conversation = {
    ...column,
    id: newId(),
    customTitle: '',
    createdAt: now,
    updatedAt: now,
  };
  store().putConversation(conversation);
  store().updatePlayground({ activeId: conversation.id, activeComparisonId: null, inspect: null });
  await saveIfStarted(comparisonId);
  await saveConversation(conversation.id);
  // Once saved: main copies only records of messages the saved conversation holds.
  await copyColumnDetail(comparisonId, conversation.id);
  toastSuccess(compareWords.t('continued'));
}
