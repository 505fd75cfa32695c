import { FoldVertical, PanelLeftClose, PanelLeftOpen, Pencil, SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { CHAT_FORMATS, type ChatFormat, conversationTitle } from '../../../../src-preload/contract.ts';
import {
  cancelCompaction,
  chooseModel,
  closeInspector,
  compactConversation,
  renameConversation,
  switchFormat,
  updateSetup,
} from '../../actions/playground.ts';
import { setPrefs } from '../../actions/prefs.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { ModelField } from '../../components/ModelField.tsx';
import { useAppStore } from '../../store/index.ts';
import { compactProblem, setParameterCount, streamingReply } from './conversation-edits.ts';
import { CHAT_MODEL_FAMILIES } from './format-routing.ts';
import { FORMAT_ENDPOINTS, FORMAT_NAMES, FORMAT_SHORT_NAMES } from './labels.ts';
import { TitleInput } from './TitleInput.tsx';
import { useModelFormats } from './useModelFormats.ts';

interface ChatToolbarProps {
  conversationId: string;
  listOpen: boolean;
  onToggleList(): void;
}

const PLACEHOLDERS: Record<ChatFormat, string> = {
  responses: 'gpt-5-mini',
  chat: 'claude-sonnet-4-5',
  content: 'gemini-2.5-flash',
};

/** Title and conversation actions, then the setup the next message is sent with: format, model, streaming. */
export function ChatToolbar({ conversationId, listOpen, onToggleList }: ChatToolbarProps) {
  const conversation = useAppStore((s) => s.playground.open[conversationId]);
  const compacting = useAppStore((s) => Boolean(s.playground.compacting[conversationId]));
  const showParameters = useAppStore((s) => s.prefs.playground.showParameters);
  const inspecting = useAppStore((s) => s.playground.inspect !== null);
  const known = useModelFormats(conversation?.model ?? '');
  const id = useId();
  if (!conversation) return null;
  /** Formats the catalogue says the model does not list (a name's guess marks nothing). */
  const lacks = (format: ChatFormat) => known?.source === 'catalogue' && !known.formats.includes(format);

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
        <IconButton
          icon={listOpen ? PanelLeftClose : PanelLeftOpen}
          label={listOpen ? 'Hide conversations' : 'Show conversations'}
          size="sm"
          aria-expanded={listOpen}
          onClick={onToggleList}
          data-testid="toggle-conversations"
        />
        <TitleEditor
          key={conversation.id}
          title={conversationTitle(conversation)}
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
            title={compactReason ?? 'Replace the history with a compact summary the next turn builds on'}
            onClick={() => void compactConversation(conversation.id)}
            data-testid="compact"
          >
            {compacting ? 'Compacting…' : 'Compact'}
          </Button>
          {compacting ? (
            <Button
              size="sm"
              variant="ghost"
              icon={X}
              title="Stop compacting; the conversation stays as it is (Esc)"
              onClick={() => void cancelCompaction(conversation.id)}
              data-testid="cancel-compact"
            >
              Cancel
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            icon={SlidersHorizontal}
            aria-pressed={parametersShown}
            className="pg-toolbar__toggle"
            onClick={toggleParameters}
            title={parametersShown ? 'Hide parameters' : 'Show parameters'}
            data-testid="toggle-parameters"
          >
            Parameters
            {setCount > 0 ? (
              <span className="badge badge--accent" data-testid="parameters-count" title={`${setCount} set`}>
                {setCount}
              </span>
            ) : null}
          </Button>
        </div>
      </div>
      <div className="pg-toolbar__row pg-toolbar__setup">
        <div className="segmented" role="radiogroup" aria-label="Format" data-testid="format">
          {CHAT_FORMATS.map((format) => (
            <label
              key={format}
              className={`segmented__option${lacks(format) ? ' pg-format--lacking' : ''}`}
              title={
                lacks(format)
                  ? `${FORMAT_ENDPOINTS[format]} — the gateway does not list ${conversation.model.trim()} for this format`
                  : FORMAT_ENDPOINTS[format]
              }
              data-lacking={lacks(format) || undefined}
            >
              <input
                type="radio"
                name={`${id}-format`}
                value={format}
                checked={conversation.format === format}
                onChange={() => switchFormat(conversation.id, format)}
                aria-describedby={lacks(format) ? `${id}-lacking` : undefined}
              />
              <span className="segmented__label">
                {/* A narrow chat shows the short name; screen readers always get the whole one. */}
                <span className="pg-format__name">{FORMAT_NAMES[format]}</span>
                <span className="pg-format__short" aria-hidden>
                  {FORMAT_SHORT_NAMES[format]}
                </span>
              </span>
            </label>
          ))}
          <span id={`${id}-lacking`} className="visually-hidden">
            Not listed for this model by the gateway
          </span>
        </div>
        <div className="pg-toolbar__model">
          <label htmlFor={`${id}-model`} className="visually-hidden">
            Model
          </label>
          <ModelField
            id={`${id}-model`}
            value={conversation.model}
            onChange={(model) => chooseModel(conversation.id, model)}
            families={CHAT_MODEL_FAMILIES}
            placeholder={PLACEHOLDERS[conversation.format]}
          />
        </div>
        <label className="pg-switch" title="Show the reply as it is written, or wait for the whole of it">
          <input
            type="checkbox"
            role="switch"
            aria-checked={conversation.stream}
            checked={conversation.stream}
            onChange={(event) => updateSetup(conversation.id, { stream: event.target.checked })}
            data-testid="stream-toggle"
          />
          <span className="pg-switch__track" aria-hidden />
          Stream
        </label>
      </div>
    </header>
  );
}

interface TitleEditorProps {
  title: string;
  custom: string;
  onRename(title: string): void;
}

/** The conversation's title; a click (or Enter) turns it into a field. Empty goes back to the derived title. */
function TitleEditor({ title, custom, onRename }: TitleEditorProps) {
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
      title="Rename"
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
