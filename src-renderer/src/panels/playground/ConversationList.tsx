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
import { memo, useCallback, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { type ConversationSummary, conversationTitle } from '../../../../src-preload/contract.ts';
import { newComparison } from '../../actions/compare.ts';
import {
  clearInspectorDetail,
  deleteConversation,
  exportConversation,
  loadConversationList,
  newChat,
  openConversation,
  renameConversation,
  searchConversations,
} from '../../actions/playground.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { SavedListNotices } from '../../components/SavedListNotices.tsx';
import { useAppStore } from '../../store/index.ts';
import { formatBytes } from '../../util/bytes.ts';
import { focusComposer } from './composer-focus.ts';
import { listDate } from './labels.ts';
import { RowMenu } from './RowMenu.tsx';
import { TitleInput } from './TitleInput.tsx';

interface ConversationListProps {
  /** Shown over the chat (a narrow window) rather than beside it. */
  drawer: boolean;
  onClose(): void;
  /** A conversation was opened (a drawer then closes). */
  onChosen(): void;
}

/**
 * Saved conversations, most recent first: search, New chat, and per row rename, export, clearing the
 * inspector's records (with their size) and delete.
 */
export function ConversationList({ drawer, onClose, onChosen }: ConversationListProps) {
  const list = useAppStore((s) => s.playground.list);
  const status = useAppStore((s) => s.playground.listStatus);
  const error = useAppStore((s) => s.playground.listError);
  const query = useAppStore((s) => s.playground.query);
  const movedAside = useAppStore((s) => s.playground.movedAside);
  // The row of what is shown: the comparison when one is, else the conversation.
  const activeId = useAppStore((s) => s.playground.activeComparisonId ?? s.playground.activeId);
  const openingId = useAppStore((s) => s.playground.opening);
  // The chat being written that is not saved yet has a row of its own, so the list always shows where you are.
  const unsaved = useAppStore(
    useShallow((s) => {
      const { activeComparisonId, activeId, open, list } = s.playground;
      const shownId = activeComparisonId ?? activeId;
      if (!shownId || list.some((item) => item.id === shownId)) return null;
      if (activeComparisonId) return { title: 'New comparison', until: 'the first prompt' };
      const active = activeId ? open[activeId] : undefined;
      return active ? { title: conversationTitle(active), until: 'the first message' } : null;
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

  return (
    <aside
      className={`pg-list${drawer ? ' pg-list--drawer' : ''}`}
      aria-label="Conversations"
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
          title={`New chat (${MOD_KEY_LABEL}+N)`}
          aria-keyshortcuts="Control+N Meta+N"
          data-testid="new-chat"
        >
          New chat
        </Button>
        <IconButton
          icon={Columns3}
          label="New comparison: one prompt answered side by side by 2–4 models"
          size="sm"
          onClick={() => {
            newComparison();
            onChosen();
          }}
          data-testid="new-comparison"
        />
        <IconButton icon={PanelLeftClose} label="Hide conversations" size="sm" onClick={onClose} />
      </header>
      <div className="pg-list__search">
        <Search size={14} aria-hidden className="pg-list__search-icon" />
        <input
          type="search"
          // A drawer opened from the keyboard puts the caret where the next key is likely to go.
          autoFocus={drawer}
          className="input pg-list__search-input"
          placeholder="Search"
          aria-label="Search conversations"
          value={query}
          onChange={(event) => searchConversations(event.target.value)}
          data-testid="conversation-search"
        />
      </div>
      <div className="pg-list__scroller">
        <SavedListNotices
          movedAside={movedAside}
          fileNoun="conversation file"
          error={status === 'failed' ? error : null}
          failedTitle="The conversations could not be listed"
          onRetry={() => void loadConversationList()}
        />
        <ul className="pg-list__items">
          {unsaved !== null && !searching ? (
            <li className="pg-row" aria-current="true" data-testid="conversation-unsaved">
              <span className="pg-row__main pg-row__main--static">
                <span className="pg-row__title">{unsaved.title}</span>
                <span className="pg-row__meta">Not saved until {unsaved.until}</span>
              </span>
            </li>
          ) : null}
          {list.map((item) => (
            <ConversationRow
              key={item.id}
              item={item}
              active={item.id === activeId}
              opening={item.id === openingId}
              onOpen={open}
              onDelete={setDeleting}
            />
          ))}
        </ul>
        {list.length === 0 && status === 'ready' ? (
          <p className="pg-list__empty" data-testid="conversations-empty">
            <MessagesSquare size={15} aria-hidden />
            {searching
              ? `No conversation matches “${query.trim()}”.`
              : 'Your conversations are saved here as you chat.'}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'comparison' ? 'Delete this comparison?' : 'Delete this conversation?'}
        icon={Trash2}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? deleteConversation(deleting.id) : Promise.resolve(true))}
        onClose={() => setDeleting(null)}
        testId="confirm-delete-conversation"
      >
        <p>
          “{deleting?.title}” and its{' '}
          {deleting?.kind === 'comparison'
            ? `${deleting.columns?.length ?? 0} columns`
            : `${deleting?.messageCount ?? 0} messages`}
          {deleting?.detailBytes ? `, with ${formatBytes(deleting.detailBytes)} of inspector detail,` : ''}{' '}
          will be deleted. This cannot be undone.
        </p>
      </ConfirmDialog>
    </aside>
  );
}

interface ConversationRowProps {
  item: ConversationSummary;
  active: boolean;
  /** Being fetched from main after a click. */
  opening: boolean;
  onOpen(id: string): void;
  onDelete(item: ConversationSummary): void;
}

const ConversationRow = memo(function ConversationRow({
  item,
  active,
  opening,
  onOpen,
  onDelete,
}: ConversationRowProps) {
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(item.title);
  const finish = (save: boolean) => {
    setRenaming(false);
    if (save && title.trim() !== item.title) void renameConversation(item.id, title);
  };
  return (
    <li
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
                {item.columns?.length ?? 0} compared
              </span>
            ) : (
              <span className="pg-row__model">{item.model}</span>
            )}
          </span>
        </button>
      )}
      <RowMenu
        label={`Actions for ${item.title}`}
        testId="conversation-menu"
        items={[
          {
            label: 'Rename',
            icon: Pencil,
            onSelect: () => {
              setTitle(item.title);
              setRenaming(true);
            },
            testId: 'conversation-rename',
          },
          {
            label: 'Export as Markdown',
            icon: FileText,
            onSelect: () => void exportConversation(item.id, 'md'),
            testId: 'conversation-export-md',
          },
          {
            label: 'Export as JSON',
            icon: FileJson,
            onSelect: () => void exportConversation(item.id, 'json'),
            testId: 'conversation-export-json',
          },
          // What the inspector keeps of the replies (requests and raw events) can weigh far more than
          // the conversation: its size is shown where it can be let go, the conversation staying.
          ...(item.detailBytes > 0
            ? [
                {
                  label: `Clear inspector detail (${formatBytes(item.detailBytes)})`,
                  icon: Braces,
                  onSelect: () => void clearInspectorDetail(item.id),
                  testId: 'conversation-clear-detail',
                },
              ]
            : []),
          {
            label: 'Delete…',
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
