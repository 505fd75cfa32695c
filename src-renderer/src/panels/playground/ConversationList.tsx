import {
  Braces,
  Columns3,
  FileJson,
  FileText,
  MessagesSquare,
  PanelLeftClose,
  Pencil,
  Search,
  SquarePen,
  Trash2,
} from 'lucide-react';
import { memo, useCallback, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ConversationSummary } from '../../../../src-preload/contract.ts';
import { newComparison } from '../../actions/compare.ts';
import {
  clearInspectorDetail,
  deleteConversation,
  exportConversation,
  isSaved,
  loadConversationList,
  loadMoreConversations,
  newChat,
  openConversation,
  renameConversation,
  searchConversations,
} from '../../actions/playground.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { SavedListNotices } from '../../components/SavedListNotices.tsx';
import { useListWindow, useShownList, windowRowProps } from '../../components/useListWindow.ts';
import { WindowedList } from '../../components/WindowedList.tsx';
import { formatBytes, formatNumber, listDate } from '../../i18n/format.ts';
import { useAppStore } from '../../store/index.ts';
import { chatWords } from './chat-strings.ts';
import { focusComposer } from './composer-focus.ts';
import { shownTitle } from './labels.ts';
import { RowMenu } from './RowMenu.tsx';
import { TitleInput } from './TitleInput.tsx';

interface ConversationListProps {
  /** Shown over the chat (a narrow window) rather than beside it. */
  drawer: boolean;
  onClose(): void;
  /** A conversation was opened (a drawer then closes). */
  onChosen(): void;
}

/** A row's height (px): title and meta lines. Drawn at it, never measured (see useListWindow's rowHeight). */
const ROW_HEIGHT = 46;
/** The list before its first rows are drawn: nothing yet, and no empty state. */
const LIST_PENDING = { list: [], total: 0, rebuilding: null, status: 'loading', error: null } as const;
/** The row of what is shown but not saved yet (a comparison being set up, a chat with a message), first. */
const UNSAVED_ROW = 'unsaved';

/**
 * Saved conversations, most recent first: search, New chat, and per row rename, export, clearing the
 * inspector's records (with their size) and delete. Thousands of them (issue 19): only the rows in view
 * (and a few around) are in the page, loaded from main a page at a time as the list scrolls; the arrow
 * keys, Home and End move between rows, and a focused row stays in the page while it is scrolled away.
 */
export function ConversationList({ drawer, onClose, onChosen }: ConversationListProps) {
  const t = chatWords.useT();
  // Drawn a render behind the store, so a page of rows arriving never makes one long task (useListWindow.ts).
  const { list, total, rebuilding, status, error } =
    useShownList(
      useAppStore(
        useShallow(({ playground }) => ({
          list: playground.list,
          total: playground.listTotal,
          rebuilding: playground.listRebuilding,
          status: playground.listStatus,
          error: playground.listError,
        })),
      ),
    ) ?? LIST_PENDING;
  const query = useAppStore((s) => s.playground.query);
  const movedAside = useAppStore((s) => s.playground.movedAside);
  // The row of what is shown: the comparison when one is, else the conversation.
  const activeId = useAppStore((s) => s.playground.activeComparisonId ?? s.playground.activeId);
  const openingId = useAppStore((s) => s.playground.opening);
  // What is shown but not saved has a row of its own, so the list shows where you are: a comparison being
  // set up, and a chat once it has a message (saved a moment later, or its save failed). An empty new chat
  // has none: its row came and went with every new chat, and every row below moved with it — opening a
  // saved conversation from a new chat moved the whole list up one row, under the pointer.
  // Its other words are chosen at render, from whether it is a comparison. A saved one shown but not among
  // the rows loaded (opened far down, then a search cleared: the first page alone reloads) has no such row.
  const unsaved = useAppStore(
    useShallow((s) => {
      const { activeComparisonId, activeId, open, list } = s.playground;
      const shownId = activeComparisonId ?? activeId;
      if (!shownId || isSaved(shownId) || list.some((item) => item.id === shownId)) return null;
      if (activeComparisonId) return { title: null, comparison: true };
      const active = activeId ? open[activeId] : undefined;
      return active && active.messages.length > 0 ? { title: shownTitle(active), comparison: false } : null;
    }),
  );
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const open = useCallback(
    (id: string) => {
      void openConversation(id);
      onChosen();
    },
    [onChosen],
  );
  const searching = query.trim() !== '';
  const showUnsaved = unsaved !== null && !searching;
  const offset = showUnsaved ? 1 : 0;
  const count = list.length + offset;
  // Every row there is, loaded or not (what a screen reader announces as "of N"; and it does not change as
  // pages arrive, which would re-render every row in the page).
  const setSize = total + offset;

  const listWindow = useListWindow<HTMLUListElement>({
    count,
    // The unsaved chat's row is not one of main's: more are there to load while the saved ones are short.
    total: total + offset,
    rowHeight: ROW_HEIGHT,
    gap: 1,
    keyOf: (index) => (index < offset ? UNSAVED_ROW : (list[index - offset]?.id ?? index)),
    loadMore: loadMoreConversations,
    rowControl: '.pg-row__main',
  });
  const { focusRow } = listWindow;
  // What is looked up after a delete (the unsaved chat's row, the empty state) is looked up in this list only.
  const root = useRef<HTMLElement>(null);

  /** After a delete, the focus goes to the next conversation that is left, else the previous, else the empty list. */
  const focusAfterDelete = (gone: string) => {
    const at = list.findIndex((item) => item.id === gone);
    const next = list[at + 1]?.id ?? list[at - 1]?.id ?? null;
    // After the dialog has closed and given the focus back.
    setTimeout(() => {
      requestAnimationFrame(() => {
        const { playground } = useAppStore.getState();
        const index = next === null ? -1 : playground.list.findIndex((item) => item.id === next);
        if (index >= 0) {
          // A row of what is shown but not saved (a comparison being set up) comes before the saved ones.
          const unsavedShown = root.current?.querySelector('[data-testid="conversation-unsaved"]') ? 1 : 0;
          focusRow(index + unsavedShown);
        } else {
          root.current?.querySelector<HTMLElement>('[data-testid="conversations-empty"]')?.focus();
        }
      });
    }, 0);
  };

  return (
    <aside
      ref={root}
      className={`pg-list${drawer ? ' pg-list--drawer' : ''}`}
      aria-label={t('list.label')}
      data-testid="conversations"
    >
      <header className="pg-list__head">
        <Button
          size="sm"
          variant="secondary"
          icon={SquarePen}
          className="pg-list__new"
          onClick={() => {
            newChat();
            onChosen();
            focusComposer();
          }}
          title={t('list.newChatTitle', { mod: MOD_KEY_LABEL })}
          aria-keyshortcuts="Control+N Meta+N"
          data-testid="new-chat"
        >
          {t('list.newChat')}
        </Button>
        <IconButton
          icon={Columns3}
          label={t('list.newComparison')}
          size="sm"
          onClick={() => {
            newComparison();
            onChosen();
          }}
          data-testid="new-comparison"
        />
        <IconButton icon={PanelLeftClose} label={t('list.hide')} size="sm" onClick={onClose} />
      </header>
      <div className="pg-list__search">
        <Search size={14} aria-hidden className="pg-list__search-icon" />
        <input
          type="search"
          // A drawer opened from the keyboard puts the caret where the next key is likely to go.
          autoFocus={drawer}
          className="input pg-list__search-input"
          placeholder={t('list.search')}
          aria-label={t('list.searchLabel')}
          value={query}
          onChange={(event) => searchConversations(event.target.value)}
          data-testid="conversation-search"
        />
      </div>
      <div className="pg-list__scroller">
        <SavedListNotices
          movedAside={movedAside}
          fileNoun={t('list.fileNoun')}
          error={status === 'failed' ? error : null}
          failedTitle={t('list.failedTitle')}
          onRetry={() => void loadConversationList()}
        />
        {rebuilding && rebuilding.total > 0 ? (
          <p className="pg-list__empty" role="status" data-testid="conversations-indexing">
            {t('list.indexing', {
              done: formatNumber(rebuilding.done),
              total: formatNumber(rebuilding.total),
            })}
          </p>
        ) : null}
        <WindowedList
          listWindow={listWindow}
          className="pg-list__items"
          total={total}
          loaded={list.length}
          testId="conversation-rows"
          row={(index, top) => {
            if (index < offset && unsaved) {
              return (
                <li
                  key={UNSAVED_ROW}
                  {...windowRowProps(index, setSize, top, ROW_HEIGHT)}
                  className="pg-row"
                  aria-current="true"
                  data-testid="conversation-unsaved"
                >
                  <span className="pg-row__main pg-row__main--static">
                    <span className="pg-row__title">{unsaved.title ?? t('list.unsavedComparison')}</span>
                    <span className="pg-row__meta">
                      {unsaved.comparison ? t('list.notSavedComparison') : t('list.notSavedChat')}
                    </span>
                  </span>
                </li>
              );
            }
            const item = list[index - offset];
            if (!item) return null;
            return (
              <ConversationRow
                key={item.id}
                index={index}
                setSize={setSize}
                top={top}
                item={item}
                active={item.id === activeId}
                opening={item.id === openingId}
                onOpen={open}
                onDelete={setDeleting}
              />
            );
          }}
        />
        {list.length === 0 && status === 'ready' ? (
          <p className="pg-list__empty" tabIndex={-1} data-testid="conversations-empty">
            <MessagesSquare size={15} aria-hidden />
            {searching ? t('list.noMatch', { query: query.trim() }) : t('list.empty')}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.kind === 'comparison'
            ? t('deleteDialog.comparisonTitle')
            : t('deleteDialog.conversationTitle')
        }
        icon={Trash2}
        confirmLabel={t('deleteDialog.confirm')}
        onConfirm={async () => {
          if (!deleting) return true;
          const done = await deleteConversation(deleting.id);
          if (done) focusAfterDelete(deleting.id);
          return done;
        }}
        onClose={() => setDeleting(null)}
        testId="confirm-delete-conversation"
      >
        <p>{deleting ? deleteSentence(deleting, t) : null}</p>
      </ConfirmDialog>
    </aside>
  );
}

/** What the delete dialog says is going: the item, its messages or columns, and its inspector detail. */
function deleteSentence(item: ConversationSummary, t: ReturnType<typeof chatWords.useT>): string {
  const comparison = item.kind === 'comparison';
  const count = comparison ? (item.columns?.length ?? 0) : item.messageCount;
  const values = { title: item.title, count };
  if (!item.detailBytes) return t(comparison ? 'deleteDialog.columns' : 'deleteDialog.messages', values);
  return t(comparison ? 'deleteDialog.columnsDetail' : 'deleteDialog.messagesDetail', {
    ...values,
    size: formatBytes(item.detailBytes),
  });
}

interface ConversationRowProps {
  /** Its place among the `setSize` rows there are, and its distance from the list's top. */
  index: number;
  setSize: number;
  top: number;
  item: ConversationSummary;
  active: boolean;
  /** Being fetched from main after a click. */
  opening: boolean;
  onOpen(id: string): void;
  onDelete(item: ConversationSummary): void;
}

const ConversationRow = memo(function ConversationRow({
  index,
  setSize,
  top,
  item,
  active,
  opening,
  onOpen,
  onDelete,
}: ConversationRowProps) {
  const t = chatWords.useT();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(item.title);
  const finish = (save: boolean) => {
    setRenaming(false);
    if (save && title.trim() !== item.title) void renameConversation(item.id, title);
  };
  return (
    <li
      {...windowRowProps(index, setSize, top, ROW_HEIGHT)}
      className="pg-row"
      aria-current={active ? 'true' : undefined}
      aria-busy={opening || undefined}
      data-testid="conversation-item"
    >
      {renaming ? (
        <TitleInput
          value={title}
          onChange={setTitle}
          onFinish={finish}
          className="pg-row__rename"
          testId="conversation-rename-input"
        />
      ) : (
        <button
          type="button"
          className="pg-row__main"
          onClick={() => onOpen(item.id)}
          title={item.preview || item.title}
        >
          <span className="pg-row__title" data-testid="conversation-title-in-list">
            {item.title}
          </span>
          <span className="pg-row__meta">
            {listDate(item.updatedAt)} ·{' '}
            {item.kind === 'comparison' ? (
              <span className="pg-row__model" data-testid="conversation-kind">
                <Columns3 size={12} aria-hidden className="pg-row__kind" />
                {t('list.compared', { n: item.columns?.length ?? 0 })}
              </span>
            ) : (
              <span className="pg-row__model">{item.model}</span>
            )}
          </span>
        </button>
      )}
      <RowMenu
        label={t('list.actionsFor', { title: item.title })}
        testId="conversation-menu"
        items={[
          {
            label: t('list.rename'),
            icon: Pencil,
            onSelect: () => {
              setTitle(item.title);
              setRenaming(true);
            },
            testId: 'conversation-rename',
          },
          {
            label: t('list.exportMarkdown'),
            icon: FileText,
            onSelect: () => void exportConversation(item.id, 'md'),
            testId: 'conversation-export-md',
          },
          {
            label: t('list.exportJson'),
            icon: FileJson,
            onSelect: () => void exportConversation(item.id, 'json'),
            testId: 'conversation-export-json',
          },
          // What the inspector keeps of the replies (requests and raw events) can weigh far more than
          // the conversation: its size is shown where it can be let go, the conversation staying.
          ...(item.detailBytes > 0
            ? [
                {
                  label: t('list.clearDetail', { size: formatBytes(item.detailBytes) }),
                  icon: Braces,
                  onSelect: () => void clearInspectorDetail(item.id),
                  testId: 'conversation-clear-detail',
                },
              ]
            : []),
          {
            label: t('list.delete'),
            icon: Trash2,
            onSelect: () => onDelete(item),
            danger: true,
            testId: 'conversation-delete',
          },
        ]}
      />
    </li>
  );
});
