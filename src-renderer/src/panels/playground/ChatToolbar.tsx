import { FoldVertical, PanelLeftClose, PanelLeftOpen, Pencil, SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import {
  cancelCompaction,
  closeInspector,
  compactConversation,
  renameConversation,
} from '../../actions/playground.ts';
import { setPrefs } from '../../actions/prefs.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { useAppStore } from '../../store/index.ts';
import { chatWords } from './chat-strings.ts';
import { compactProblem, setParameterCount, streamingReply } from './conversation-edits.ts';
import { shownTitle } from './labels.ts';
import { SetupRow } from './SetupRow.tsx';
import { TitleInput } from './TitleInput.tsx';

interface ChatToolbarProps {
  conversationId: string;
  listOpen: boolean;
  onToggleList(): void;
}

/** Title and conversation actions, then the setup the next message is sent with: format, model, streaming. */
export function ChatToolbar({ conversationId, listOpen, onToggleList }: ChatToolbarProps) {
  const t = chatWords.useT();
  const conversation = useAppStore((s) => s.playground.open[conversationId]);
  const compacting = useAppStore((s) => Boolean(s.playground.compacting[conversationId]));
  const showParameters = useAppStore((s) => s.prefs.playground.showParameters);
  const inspecting = useAppStore((s) => s.playground.inspect !== null);
  if (!conversation) return null;

  const busy = streamingReply(conversation) !== null || compacting;
  const compactReason = compactProblem(conversation, busy);
  const setCount = setParameterCount(conversation);
  const parametersShown = showParameters && !inspecting;
  const toggleParameters = () => {
    if (inspecting) {
      closeInspector();
      setPrefs({ playground: { showParameters: true } });
    } else {
      setPrefs({ playground: { showParameters: !showParameters } });
    }
  };

  return (
    <header className="pg-toolbar">
      <div className="pg-toolbar__row">
        <ListToggle listOpen={listOpen} onToggleList={onToggleList} />
        <TitleEditor
          key={conversation.id}
          title={shownTitle(conversation)}
          custom={conversation.customTitle}
          onRename={(title) => void renameConversation(conversation.id, title)}
        />
        <div className="pg-toolbar__actions">
          <Button
            size="sm"
            variant="ghost"
            icon={FoldVertical}
            busy={compacting}
            disabled={compactReason !== null}
            title={compactReason ?? t('toolbar.compactTitle')}
            onClick={() => void compactConversation(conversation.id)}
            data-testid="compact"
          >
            {compacting ? t('toolbar.compacting') : t('toolbar.compact')}
          </Button>
          {compacting ? (
            <Button
              size="sm"
              variant="ghost"
              icon={X}
              title={t('toolbar.cancelCompactTitle')}
              onClick={() => void cancelCompaction(conversation.id)}
              data-testid="cancel-compact"
            >
              {t('toolbar.cancelCompact')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            icon={SlidersHorizontal}
            aria-pressed={parametersShown}
            className="pg-toolbar__toggle"
            onClick={toggleParameters}
            title={parametersShown ? t('toolbar.hideParameters') : t('toolbar.showParameters')}
            data-testid="toggle-parameters"
          >
            {t('toolbar.parameters')}
            {setCount > 0 ? (
              <span
                className="badge badge--accent"
                data-testid="parameters-count"
                title={t('toolbar.parametersSet', { n: setCount })}
              >
                {setCount}
              </span>
            ) : null}
          </Button>
        </div>
      </div>
      {/* A conversation continued from a comparison's column keeps asking that column's gateway. */}
      <SetupRow
        conversation={conversation}
        className="pg-toolbar__row pg-toolbar__setup"
        profileChoice={conversation.profileId !== undefined}
      />
    </header>
  );
}

/** Shows or hides the conversation list (the chat's and the comparison's toolbars lead with it). */
export function ListToggle({ listOpen, onToggleList }: Pick<ChatToolbarProps, 'listOpen' | 'onToggleList'>) {
  const t = chatWords.useT();
  return (
    <IconButton
      icon={listOpen ? PanelLeftClose : PanelLeftOpen}
      label={listOpen ? t('toolbar.hideConversations') : t('toolbar.showConversations')}
      size="sm"
      aria-expanded={listOpen}
      onClick={onToggleList}
      data-testid="toggle-conversations"
    />
  );
}

interface TitleEditorProps {
  title: string;
  custom: string;
  onRename(title: string): void;
}

/** The conversation's title; a click (or Enter) turns it into a field. Empty goes back to the derived title. */
export function TitleEditor({ title, custom, onRename }: TitleEditorProps) {
  const t = chatWords.useT();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(custom || title);
  if (editing) {
    const finish = (save: boolean) => {
      setEditing(false);
      if (save && value.trim() !== (custom || title)) onRename(value);
    };
    return (
      <TitleInput
        value={value}
        onChange={setValue}
        onFinish={finish}
        className="pg-toolbar__title-input"
        testId="title-input"
      />
    );
  }
  return (
    <button
      type="button"
      className="pg-toolbar__title"
      title={t('toolbar.rename')}
      onClick={() => {
        setValue(custom || title);
        setEditing(true);
      }}
      data-testid="conversation-title"
    >
      <span className="pg-toolbar__title-text">{title}</span>
      <Pencil size={13} aria-hidden className="pg-toolbar__title-icon" />
    </button>
  );
}
