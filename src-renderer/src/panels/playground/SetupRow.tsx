import { useId } from 'react';
import { CHAT_FORMATS, type ChatFormat, type Conversation } from '../../../../src-preload/contract.ts';
import { chooseModel, switchFormat, updateSetup } from '../../actions/playground.ts';
import { ModelField } from '../../components/ModelField.tsx';
import { CHAT_MODEL_FAMILIES } from './format-routing.ts';
import { FORMAT_ENDPOINTS, formatName, formatShortName } from './labels.ts';
import { ProfileChoice } from './ProfileChoice.tsx';
import { parametersWords } from './parameters-strings.ts';
import { useModelFormats } from './useModelFormats.ts';

const EXAMPLE_MODELS: Record<ChatFormat, string> = {
  responses: 'gpt-5-mini',
  chat: 'claude-sonnet-4-5',
  content: 'gemini-2.5-flash',
};

interface SetupRowProps {
  conversation: Conversation;
  className: string;
  /** Leads with the gateway profile the conversation asks (when it names one). */
  profileChoice?: boolean;
}

/**
 * The setup the next message is sent with: format, model, streaming. The same controls for a chat and for
 * each column of a comparison.
 */
export function SetupRow({ conversation, className, profileChoice = false }: SetupRowProps) {
  const t = parametersWords.useT();
  const known = useModelFormats(conversation.model, conversation.profileId);
  const id = useId();
  /** Formats the catalogue says the model does not list (a name's guess marks nothing). */
  const lacks = (format: ChatFormat) => known?.source === 'catalogue' && !known.formats.includes(format);
  return (
    <div className={className}>
      {profileChoice ? (
        <ProfileChoice
          conversationId={conversation.id}
          profileId={conversation.profileId}
          label={t('setup.profile')}
          className="pg-toolbar__profile"
        />
      ) : null}
      <div className="segmented" role="radiogroup" aria-label={t('setup.format')} data-testid="format">
        {CHAT_FORMATS.map((format) => (
          <label
            key={format}
            className={`segmented__option${lacks(format) ? ' pg-format--lacking' : ''}`}
            title={
              lacks(format)
                ? t('setup.lacking', { endpoint: FORMAT_ENDPOINTS[format], model: conversation.model.trim() })
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
              <span className="pg-format__name">{formatName(format)}</span>
              <span className="pg-format__short" aria-hidden>
                {formatShortName(format)}
              </span>
            </span>
          </label>
        ))}
        <span id={`${id}-lacking`} className="visually-hidden">
          {t('setup.notListed')}
        </span>
      </div>
      <div className="pg-toolbar__model">
        <label htmlFor={`${id}-model`} className="visually-hidden">
          {t('setup.model')}
        </label>
        <ModelField
          id={`${id}-model`}
          value={conversation.model}
          onChange={(model) => chooseModel(conversation.id, model)}
          families={CHAT_MODEL_FAMILIES}
          example={EXAMPLE_MODELS[conversation.format]}
          profileId={conversation.profileId}
        />
      </div>
      <label className="pg-switch" title={t('setup.streamWhy')}>
        <input
          type="checkbox"
          role="switch"
          // Named apart from the label's text, which a narrow compare column hides (compare.css).
          aria-label={t('setup.stream')}
          aria-checked={conversation.stream}
          checked={conversation.stream}
          onChange={(event) => updateSetup(conversation.id, { stream: event.target.checked })}
          data-testid="stream-toggle"
        />
        <span className="pg-switch__track" aria-hidden />
        <span className="pg-switch__label">{t('setup.stream')}</span>
      </label>
    </div>
  );
}
