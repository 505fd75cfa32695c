import { X } from 'lucide-react';
import { memo, type ReactNode, useId, useState } from 'react';
import type { ChatFormat, ChatSettings, Conversation } from '../../../../src-preload/contract.ts';
import { updateSetup } from '../../actions/playground.ts';
import { setPrefs } from '../../actions/prefs.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { useAppStore } from '../../store/index.ts';
import { setParameterCount } from './conversation-edits.ts';
import { formatName } from './labels.ts';
import { Check, Param } from './ParamParts.tsx';
import { formatHas, keptNotSent } from './parameter-formats.ts';
import { type ParametersKey, parametersWords } from './parameters-strings.ts';
import { StructuredOutputEditor } from './StructuredOutputEditor.tsx';
import { useAutoGrow } from './useAutoGrow.ts';
import './parameters.css';

const EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
/** The gateway takes at most this many stop sequences (content generation). */
const MAX_STOP_SEQUENCES = 16;

/** Where each format carries the system prompt. */
const SYSTEM_FIELDS: Record<ChatFormat, string> = {
  responses: 'instructions',
  chat: 'role: system',
  content: 'systemInstruction',
};

const MAX_TOKENS_NOTES: Record<ChatFormat, ParametersKey> = {
  responses: 'notes.maxTokensResponses',
  chat: 'notes.maxTokensChat',
  content: 'notes.maxTokensContent',
};

const EFFORT_NOTES: Record<ChatFormat, ParametersKey | null> = {
  responses: 'notes.effortResponses',
  chat: 'notes.effortChat',
  content: null,
};

const EFFORT_LABELS: Record<(typeof EFFORTS)[number], ParametersKey> = {
  minimal: 'effort.minimal',
  low: 'effort.low',
  medium: 'effort.medium',
  high: 'effort.high',
};

/** The largest seed every provider takes as a plain number (JavaScript's safe integers). */
const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * What the next request is sent with, beyond the model: every parameter starts unset (the model's own
 * default) and is sent only once set. Each field shows only for the formats that send it; the
 * conversation keeps every value, so switching format loses nothing, and a value the chosen format does
 * not send is named at the end. Memoised, as ChatView is: a panel render leaves it be unless its props change.
 */
export const ParametersPanel = memo(function ParametersPanel({
  conversationId,
  owner,
}: {
  conversationId: string;
  owner?: PanelOwner;
}) {
  const conversation = useAppStore((s) => s.playground.open[conversationId]);
  const enterSends = useAppStore((s) => s.prefs.playground.enterSends);
  if (!conversation) return null;
  // Keyed: what a field holds while typed belongs to its conversation.
  return (
    <ParametersView
      key={conversation.id}
      conversation={conversation}
      enterSends={enterSends}
      {...(owner ? { owner } : {})}
    />
  );
});

/** Whose parameters the panel shows when it is not the chat's (a comparison's column), and how it closes. */
export interface PanelOwner {
  /** Said after "Parameters", e.g. "column 2". */
  name: string;
  onClose(): void;
}

const hideParameters = () => setPrefs({ playground: { showParameters: false } });

/** The panel for one conversation (apart from the store, so a test can render it for any conversation). */
export function ParametersView({
  conversation,
  enterSends,
  owner,
}: {
  conversation: Conversation;
  enterSends: boolean;
  owner?: PanelOwner;
}) {
  const t = parametersWords.useT();
  const id = useId();
  const { settings, format } = conversation;
  const responses = format === 'responses';
  const has = (key: keyof ChatSettings) => formatHas(format, key);
  const count = setParameterCount(conversation);
  const kept = keptNotSent(settings, format);
  /** Sets one setting; `undefined` unsets it (the key is removed, so it is not sent). */
  const change = <K extends keyof ChatSettings>(key: K, value: ChatSettings[K] | undefined) => {
    const next: ChatSettings = { ...settings };
    if (value === undefined) delete next[key];
    else next[key] = value;
    updateSetup(conversation.id, { settings: next });
  };
  const resetAll = () => updateSetup(conversation.id, { settings: {}, store: false, chainResponses: false });

  return (
    <aside className="pg-params" aria-labelledby={`${id}-title`} data-testid="parameters">
      <header className="pg-params__head">
        <h2 id={`${id}-title`} className="pg-params__title">
          {t('panel.title')}
          {owner ? <span className="pg-params__owner"> · {owner.name}</span> : null}
        </h2>
        <span className="pg-params__count" data-testid="parameters-set">
          {count === 0 ? t('panel.allUnset') : t('panel.setCount', { count })}
        </span>
        {count > 0 ? (
          <Button size="sm" variant="ghost" onClick={resetAll} data-testid="parameters-reset">
            {t('panel.reset')}
          </Button>
        ) : null}
        <IconButton icon={X} label={t('panel.hide')} size="sm" onClick={owner?.onClose ?? hideParameters} />
      </header>
      <div className="pg-params__body">
        <SystemPrompt
          id={`${id}-system`}
          value={settings.instructions ?? ''}
          field={SYSTEM_FIELDS[format]}
          onChange={(text) => change('instructions', text === '' ? undefined : text)}
        />
        <NumberParam
          id={`${id}-temperature`}
          param="temperature"
          label={t('labels.temperature')}
          value={settings.temperature}
          min={0}
          max={2}
          step={0.05}
          slider
          sliderDefault={1}
          onChange={(value) => change('temperature', value)}
          description={t('notes.temperature')}
          testId="param-temperature"
        />
        <NumberParam
          id={`${id}-top-p`}
          param="topP"
          label={t('labels.topP')}
          value={settings.topP}
          min={0}
          max={1}
          step={0.01}
          slider
          sliderDefault={1}
          onChange={(value) => change('topP', value)}
          description={t('notes.topP')}
          testId="param-top-p"
        />
        <NumberParam
          id={`${id}-max-tokens`}
          param="maxOutputTokens"
          label={t('labels.maxOutputTokens')}
          value={settings.maxOutputTokens}
          min={1}
          max={10_000_000}
          step={1}
          integer
          onChange={(value) => change('maxOutputTokens', value)}
          description={t(MAX_TOKENS_NOTES[format])}
          testId="param-max-tokens"
        >
          {has('maxTokensField') ? (
            <MaxTokensField
              id={`${id}-max-tokens-field`}
              value={settings.maxTokensField}
              onChange={(field) => change('maxTokensField', field)}
            />
          ) : null}
        </NumberParam>
        {has('reasoningEffort') ? (
          <Param
            id={`${id}-effort`}
            label={t('labels.reasoningEffort')}
            set={settings.reasoningEffort !== undefined}
          >
            <select
              id={`${id}-effort`}
              className="input pg-param__select"
              value={settings.reasoningEffort ?? ''}
              onChange={(event) =>
                change(
                  'reasoningEffort',
                  (event.target.value || undefined) as ChatSettings['reasoningEffort'],
                )
              }
              data-testid="param-effort"
            >
              <option value="">{t('effort.unset')}</option>
              {EFFORTS.map((effort) => (
                <option key={effort} value={effort}>
                  {t(EFFORT_LABELS[effort])}
                </option>
              ))}
            </select>
            <p className="pg-param__note">{EFFORT_NOTES[format] ? t(EFFORT_NOTES[format]) : ''}</p>
          </Param>
        ) : null}
        {has('thinkingBudget') ? (
          <NumberParam
            id={`${id}-thinking`}
            param="thinkingBudget"
            label={t('labels.thinkingBudget')}
            value={settings.thinkingBudget}
            min={-1}
            max={10_000_000}
            step={1}
            integer
            onChange={(value) => change('thinkingBudget', value)}
            description={t('notes.thinkingBudget')}
            testId="param-thinking"
          />
        ) : null}
        <StopSequences
          id={`${id}-stop`}
          conversation={conversation}
          onChange={(list) => change('stopSequences', list.length > 0 ? list : undefined)}
        />
        {has('seed') ? (
          <NumberParam
            id={`${id}-seed`}
            param="seed"
            label={t('labels.seed')}
            value={settings.seed}
            min={0}
            max={MAX_SEED}
            step={1}
            integer
            onChange={(value) => change('seed', value)}
            description={t('notes.seed')}
            testId="param-seed"
          />
        ) : null}
        {has('presencePenalty') ? (
          <NumberParam
            id={`${id}-presence`}
            param="presencePenalty"
            label={t('labels.presencePenalty')}
            value={settings.presencePenalty}
            min={-2}
            max={2}
            step={0.1}
            slider
            sliderDefault={0}
            onChange={(value) => change('presencePenalty', value)}
            description={t('notes.presencePenalty')}
            testId="param-presence"
          />
        ) : null}
        {has('frequencyPenalty') ? (
          <NumberParam
            id={`${id}-frequency`}
            param="frequencyPenalty"
            label={t('labels.frequencyPenalty')}
            value={settings.frequencyPenalty}
            min={-2}
            max={2}
            step={0.1}
            slider
            sliderDefault={0}
            onChange={(value) => change('frequencyPenalty', value)}
            description={t('notes.frequencyPenalty')}
            testId="param-frequency"
          />
        ) : null}
        <StructuredOutputEditor
          id={`${id}-structured`}
          format={format}
          value={settings.structuredOutput}
          onChange={(value) => change('structuredOutput', value)}
        />
        {responses ? (
          <div className="pg-param pg-param--group">
            <p className="pg-param__label">{t('panel.providerStorage')}</p>
            <Check
              checked={conversation.store}
              onChange={(store) =>
                updateSetup(conversation.id, store ? { store } : { store, chainResponses: false })
              }
              label={t('panel.store')}
              note={t('panel.storeNote')}
              testId="param-store"
            />
            <Check
              checked={conversation.store && conversation.chainResponses}
              disabled={!conversation.store}
              onChange={(chainResponses) => updateSetup(conversation.id, { chainResponses })}
              label={t('panel.chain')}
              note={conversation.store ? t('panel.chainNote') : t('panel.chainNeedsStore')}
              testId="param-chain"
            />
          </div>
        ) : null}
        {kept.length > 0 ? (
          <p className="pg-param pg-param__note" data-testid="params-kept">
            {t('panel.kept', {
              format: formatName(format),
              parameters: kept.map((key) => t(`labels.${key}`)).join(t('panel.listSeparator')),
            })}
          </p>
        ) : null}
        <div className="pg-param pg-param--group">
          <p className="pg-param__label" id={`${id}-enter`}>
            {t('panel.sendWith')}
          </p>
          <div
            className="segmented"
            role="radiogroup"
            aria-labelledby={`${id}-enter`}
            data-testid="param-enter"
          >
            {[
              // Keys as written on the keyboard, in every language.
              { value: true, shortcut: 'Enter' },
              { value: false, shortcut: 'Shift+Enter' },
            ].map((choice) => (
              <label key={choice.shortcut} className="segmented__option">
                <input
                  type="radio"
                  name={`${id}-enter`}
                  checked={enterSends === choice.value}
                  onChange={() => setPrefs({ playground: { enterSends: choice.value } })}
                />
                <span className="segmented__label">{choice.shortcut}</span>
              </label>
            ))}
          </div>
          <p className="pg-param__note">
            {t('panel.sendWithNote', { newLine: enterSends ? 'Shift+Enter' : 'Enter', mod: MOD_KEY_LABEL })}
          </p>
        </div>
      </div>
    </aside>
  );
}

function SystemPrompt({
  id,
  value,
  field,
  onChange,
}: {
  id: string;
  value: string;
  field: string;
  onChange(text: string): void;
}) {
  const t = parametersWords.useT();
  const grow = useAutoGrow(12);
  return (
    <Param
      id={id}
      label={t('labels.instructions')}
      set={value.trim() !== ''}
      aside={<code className="pg-param__field">{field}</code>}
    >
      <textarea
        id={id}
        ref={grow}
        className="input pg-param__textarea"
        rows={3}
        value={value}
        placeholder={t('system.placeholder')}
        onChange={(event) => onChange(event.target.value)}
        data-testid="param-system"
      />
    </Param>
  );
}

/** The parameters entered as numbers. */
type NumberParameter =
  | 'temperature'
  | 'topP'
  | 'maxOutputTokens'
  | 'thinkingBudget'
  | 'seed'
  | 'presencePenalty'
  | 'frequencyPenalty';

interface NumberParamProps {
  id: string;
  /** Which parameter: names its unset button. */
  param: NumberParameter;
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  step: number;
  integer?: boolean;
  /** Also a slider, resting at `sliderDefault` (dimmed) while unset. */
  slider?: boolean;
  sliderDefault?: number;
  description: string;
  onChange(value: number | undefined): void;
  testId: string;
  /** More of the field, under its note. */
  children?: ReactNode;
}

/** A number that is unset (empty) until typed or slid; a value out of range is shown as such and not sent. */
function NumberParam({
  id,
  param,
  label,
  value,
  min,
  max,
  step,
  integer = false,
  slider = false,
  sliderDefault = min,
  description,
  onChange,
  testId,
  children,
}: NumberParamProps) {
  const t = parametersWords.useT();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const parsed = text.trim() === '' ? undefined : Number(text);
  const invalid =
    parsed !== undefined &&
    (!Number.isFinite(parsed) || parsed < min || parsed > max || (integer && !Number.isInteger(parsed)));
  // The field is the source while typing; a change made elsewhere (Reset) shows here too.
  const shown = !invalid && parsed !== value ? (value === undefined ? '' : String(value)) : text;
  const commit = (next: string) => {
    setText(next);
    const number = next.trim() === '' ? undefined : Number(next);
    if (number === undefined) onChange(undefined);
    else if (
      Number.isFinite(number) &&
      number >= min &&
      number <= max &&
      (!integer || Number.isInteger(number))
    )
      onChange(number);
  };
  const range = integer
    ? t('number.rangeWhole', { min: formatNumber(min), max: formatNumber(max) })
    : t('number.range', { min: formatNumber(min), max: formatNumber(max) });
  return (
    <Param
      id={id}
      label={label}
      set={value !== undefined}
      aside={
        <span className="pg-param__value">
          <input
            id={id}
            className="input input--mono pg-param__number"
            type="text"
            inputMode={integer ? 'numeric' : 'decimal'}
            value={shown}
            placeholder={t('number.placeholder')}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-note`}
            onChange={(event) => commit(event.target.value)}
            data-testid={testId}
          />
          {value !== undefined || shown !== '' ? (
            <IconButton icon={X} label={t(`number.unset.${param}`)} size="sm" onClick={() => commit('')} />
          ) : null}
        </span>
      }
    >
      {slider ? (
        <input
          type="range"
          className={`pg-param__slider${value === undefined ? ' pg-param__slider--unset' : ''}`}
          min={min}
          max={max}
          step={step}
          value={value ?? sliderDefault}
          aria-label={t('number.slider', { name: label })}
          onChange={(event) => commit(event.target.value)}
        />
      ) : null}
      <p id={`${id}-note`} className={`pg-param__note${invalid ? ' pg-param__note--error' : ''}`}>
        {invalid ? t('number.outOfRange', { range }) : description}
      </p>
      {children}
    </Param>
  );
}

function StopSequences({
  id,
  conversation,
  onChange,
}: {
  id: string;
  conversation: Conversation;
  onChange(list: string[]): void;
}) {
  const t = parametersWords.useT();
  const saved = conversation.settings.stopSequences ?? [];
  const [text, setText] = useState(saved.join('\n'));
  if (!formatHas(conversation.format, 'stopSequences')) {
    return (
      <div className="pg-param pg-param--off">
        <p className="pg-param__label">{t('labels.stopSequences')}</p>
        <p className="pg-param__note" data-testid="param-stop-unavailable">
          {t('stop.unavailable')}
        </p>
      </div>
    );
  }
  const typed = linesOf(text);
  const tooMany = typed.length > MAX_STOP_SEQUENCES;
  // The field is the source while typing; a change made elsewhere (Reset) shows here too.
  const shown = tooMany || typed.join('\n') === saved.join('\n') ? text : saved.join('\n');
  return (
    <Param id={id} label={t('labels.stopSequences')} set={saved.length > 0}>
      <textarea
        id={id}
        className="input input--mono pg-param__textarea"
        rows={2}
        value={shown}
        placeholder={t('stop.placeholder')}
        aria-invalid={tooMany || undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(linesOf(event.target.value).slice(0, MAX_STOP_SEQUENCES));
        }}
        data-testid="param-stop"
      />
      <p className={`pg-param__note${tooMany ? ' pg-param__note--error' : ''}`}>
        {tooMany
          ? t('stop.tooMany', { max: MAX_STOP_SEQUENCES })
          : conversation.format === 'chat'
            ? t('stop.noteChat')
            : t('stop.note')}
      </p>
    </Param>
  );
}

const linesOf = (text: string) => text.split('\n').filter((line) => line !== '');

/** The current name of Chat Completions' output limit (a field name, the same in every language). */
const CURRENT_FIELD = 'max_completion_tokens';

/** Chat Completions only: which field carries the output limit. */
function MaxTokensField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ChatSettings['maxTokensField'];
  onChange(value: ChatSettings['maxTokensField']): void;
}) {
  const t = parametersWords.useT();
  return (
    <div className="pg-param__sent-as" title={t('maxTokensField.why')}>
      <label htmlFor={id} className="pg-param__note">
        {t('maxTokensField.sentAs')}
      </label>
      <select
        id={id}
        className="input input--mono pg-param__select"
        value={value ?? CURRENT_FIELD}
        // The current name is the default: only the older one is kept as a setting.
        onChange={(event) => onChange(event.target.value === 'max_tokens' ? 'max_tokens' : undefined)}
        data-testid="param-max-tokens-field"
      >
        <option value={CURRENT_FIELD}>{CURRENT_FIELD}</option>
        <option value="max_tokens">{t('maxTokensField.older')}</option>
      </select>
    </div>
  );
}
