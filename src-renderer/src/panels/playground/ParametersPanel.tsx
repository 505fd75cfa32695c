import { X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import {
  CHAT_PARAMETER_LABELS,
  type ChatFormat,
  type ChatSettings,
  type Conversation,
} from '../../../../src-preload/contract.ts';
import { updateSetup } from '../../actions/playground.ts';
import { setPrefs } from '../../actions/prefs.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { useAppStore } from '../../store/index.ts';
import { setParameterCount } from './conversation-edits.ts';
import { FORMAT_NAMES } from './labels.ts';
import { Check, Param } from './ParamParts.tsx';
import { formatHas, keptNotSent } from './parameter-formats.ts';
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

const MAX_TOKENS_NOTES: Record<ChatFormat, string> = {
  responses: 'Reasoning tokens count towards it.',
  chat: 'Reasoning tokens count towards it on reasoning models.',
  content: 'Thinking tokens count towards it on most models.',
};

const EFFORT_NOTES: Record<ChatFormat, string> = {
  responses: 'For reasoning models; also asks for a reasoning summary.',
  chat: 'For reasoning models (reasoning_effort). Their reasoning shows where the gateway passes it on.',
  content: '',
};

/** Why Chat Completions offers two names for the output limit. */
const MAX_TOKENS_FIELD_WHY =
  'Current OpenAI models take max_completion_tokens, and reasoning models refuse max_tokens. Older ' +
  'gateways and channels know only max_tokens and ignore the newer name: choose max_tokens for them.';

/** The largest seed every provider takes as a plain number (JavaScript's safe integers). */
const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * What the next request is sent with, beyond the model: every parameter starts unset (the model's own
 * default) and is sent only once set. Each field shows only for the formats that send it; the
 * conversation keeps every value, so switching format loses nothing, and a value the chosen format does
 * not send is named at the end.
 */
export function ParametersPanel({ conversationId, owner }: { conversationId: string; owner?: PanelOwner }) {
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
}

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
          Parameters{owner ? <span className="pg-params__owner"> · {owner.name}</span> : null}
        </h2>
        <span className="pg-params__count" data-testid="parameters-set">
          {count === 0 ? 'all unset' : `${count} set`}
        </span>
        {count > 0 ? (
          <Button size="sm" variant="ghost" onClick={resetAll} data-testid="parameters-reset">
            Reset
          </Button>
        ) : null}
        <IconButton icon={X} label="Hide parameters" size="sm" onClick={owner?.onClose ?? hideParameters} />
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
          label="Temperature"
          value={settings.temperature}
          min={0}
          max={2}
          step={0.05}
          slider
          sliderDefault={1}
          onChange={(value) => change('temperature', value)}
          description="Higher is more varied, lower more focused."
          testId="param-temperature"
        />
        <NumberParam
          id={`${id}-top-p`}
          label="Top P"
          value={settings.topP}
          min={0}
          max={1}
          step={0.01}
          slider
          sliderDefault={1}
          onChange={(value) => change('topP', value)}
          description="Samples only from the most likely tokens that add up to this share."
          testId="param-top-p"
        />
        <NumberParam
          id={`${id}-max-tokens`}
          label="Max output tokens"
          value={settings.maxOutputTokens}
          min={1}
          max={10_000_000}
          step={1}
          integer
          onChange={(value) => change('maxOutputTokens', value)}
          description={MAX_TOKENS_NOTES[format]}
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
          <Param id={`${id}-effort`} label="Reasoning effort" set={settings.reasoningEffort !== undefined}>
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
              <option value="">Unset (model default)</option>
              {EFFORTS.map((effort) => (
                <option key={effort} value={effort}>
                  {effort[0]!.toUpperCase() + effort.slice(1)}
                </option>
              ))}
            </select>
            <p className="pg-param__note">{EFFORT_NOTES[format]}</p>
          </Param>
        ) : null}
        {has('thinkingBudget') ? (
          <NumberParam
            id={`${id}-thinking`}
            label="Thinking budget"
            value={settings.thinkingBudget}
            min={-1}
            max={10_000_000}
            step={1}
            integer
            onChange={(value) => change('thinkingBudget', value)}
            description="Tokens the model may think with: 0 turns thinking off where allowed, −1 lets the model decide."
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
            label="Seed"
            value={settings.seed}
            min={0}
            max={MAX_SEED}
            step={1}
            integer
            onChange={(value) => change('seed', value)}
            description="The same seed and parameters ask the model to repeat its answer (best effort)."
            testId="param-seed"
          />
        ) : null}
        {has('presencePenalty') ? (
          <NumberParam
            id={`${id}-presence`}
            label="Presence penalty"
            value={settings.presencePenalty}
            min={-2}
            max={2}
            step={0.1}
            slider
            sliderDefault={0}
            onChange={(value) => change('presencePenalty', value)}
            description="Above 0 steers towards new topics: a token already used counts against itself once."
            testId="param-presence"
          />
        ) : null}
        {has('frequencyPenalty') ? (
          <NumberParam
            id={`${id}-frequency`}
            label="Frequency penalty"
            value={settings.frequencyPenalty}
            min={-2}
            max={2}
            step={0.1}
            slider
            sliderDefault={0}
            onChange={(value) => change('frequencyPenalty', value)}
            description="Above 0 makes repeating words less likely, the more often they have appeared."
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
            <p className="pg-param__label">Provider storage</p>
            <Check
              checked={conversation.store}
              onChange={(store) =>
                updateSetup(conversation.id, store ? { store } : { store, chainResponses: false })
              }
              label="Store responses"
              note="Off (store: false): the provider keeps nothing, and every turn sends the whole history."
              testId="param-store"
            />
            <Check
              checked={conversation.store && conversation.chainResponses}
              disabled={!conversation.store}
              onChange={(chainResponses) => updateSetup(conversation.id, { chainResponses })}
              label="Chain with previous_response_id"
              note={
                conversation.store
                  ? 'Sends only the new turn and the last reply’s id; the provider supplies the history.'
                  : 'Needs Store: the provider can only continue from a response it kept.'
              }
              testId="param-chain"
            />
          </div>
        ) : null}
        {kept.length > 0 ? (
          <p className="pg-param pg-param__note" data-testid="params-kept">
            Kept for another format, not sent in {FORMAT_NAMES[format]}:{' '}
            {kept.map((key) => CHAT_PARAMETER_LABELS[key]).join(', ')}.
          </p>
        ) : null}
        <div className="pg-param pg-param--group">
          <p className="pg-param__label" id={`${id}-enter`}>
            Send with
          </p>
          <div
            className="segmented"
            role="radiogroup"
            aria-labelledby={`${id}-enter`}
            data-testid="param-enter"
          >
            {[
              { value: true, label: 'Enter' },
              { value: false, label: 'Shift+Enter' },
            ].map((choice) => (
              <label key={choice.label} className="segmented__option">
                <input
                  type="radio"
                  name={`${id}-enter`}
                  checked={enterSends === choice.value}
                  onChange={() => setPrefs({ playground: { enterSends: choice.value } })}
                />
                <span className="segmented__label">{choice.label}</span>
              </label>
            ))}
          </div>
          <p className="pg-param__note">
            {enterSends ? 'Shift+Enter' : 'Enter'} starts a new line; {MOD_KEY_LABEL}+Enter always sends. For
            every chat.
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
  const grow = useAutoGrow(value, 12);
  return (
    <Param
      id={id}
      label="System prompt"
      set={value.trim() !== ''}
      aside={<code className="pg-param__field">{field}</code>}
    >
      <textarea
        id={id}
        ref={grow}
        className="input pg-param__textarea"
        rows={3}
        value={value}
        placeholder="How the model should behave, for the whole conversation."
        onChange={(event) => onChange(event.target.value)}
        data-testid="param-system"
      />
    </Param>
  );
}

interface NumberParamProps {
  id: string;
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
    ? `${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, whole numbers`
    : `${min} to ${max}`;
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
            placeholder="unset"
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-note`}
            onChange={(event) => commit(event.target.value)}
            data-testid={testId}
          />
          {value !== undefined || shown !== '' ? (
            <IconButton
              icon={X}
              label={`Unset ${label.toLowerCase()}`}
              size="sm"
              onClick={() => commit('')}
            />
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
          aria-label={`${label} slider`}
          onChange={(event) => commit(event.target.value)}
        />
      ) : null}
      <p id={`${id}-note`} className={`pg-param__note${invalid ? ' pg-param__note--error' : ''}`}>
        {invalid ? `Out of range: ${range}. Not sent.` : description}
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
  const saved = conversation.settings.stopSequences ?? [];
  const [text, setText] = useState(saved.join('\n'));
  if (!formatHas(conversation.format, 'stopSequences')) {
    return (
      <div className="pg-param pg-param--off">
        <p className="pg-param__label">Stop sequences</p>
        <p className="pg-param__note" data-testid="param-stop-unavailable">
          The Responses format has no stop sequences; Chat Completions and content generation have them.
        </p>
      </div>
    );
  }
  const typed = linesOf(text);
  const tooMany = typed.length > MAX_STOP_SEQUENCES;
  // The field is the source while typing; a change made elsewhere (Reset) shows here too.
  const shown = tooMany || typed.join('\n') === saved.join('\n') ? text : saved.join('\n');
  return (
    <Param id={id} label="Stop sequences" set={saved.length > 0}>
      <textarea
        id={id}
        className="input input--mono pg-param__textarea"
        rows={2}
        value={shown}
        placeholder="One per line"
        aria-invalid={tooMany || undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(linesOf(event.target.value).slice(0, MAX_STOP_SEQUENCES));
        }}
        data-testid="param-stop"
      />
      <p className={`pg-param__note${tooMany ? ' pg-param__note--error' : ''}`}>
        {tooMany
          ? `At most ${MAX_STOP_SEQUENCES}: only the first ${MAX_STOP_SEQUENCES} are sent.`
          : conversation.format === 'chat'
            ? 'One per line (OpenAI models take at most 4). The reply ends where one would appear.'
            : 'One per line. The reply ends where one would appear (it is not included).'}
      </p>
    </Param>
  );
}

const linesOf = (text: string) => text.split('\n').filter((line) => line !== '');

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
  return (
    <div className="pg-param__sent-as" title={MAX_TOKENS_FIELD_WHY}>
      <label htmlFor={id} className="pg-param__note">
        Sent as
      </label>
      <select
        id={id}
        className="input input--mono pg-param__select"
        value={value ?? 'max_completion_tokens'}
        // The current name is the default: only the older one is kept as a setting.
        onChange={(event) => onChange(event.target.value === 'max_tokens' ? 'max_tokens' : undefined)}
        data-testid="param-max-tokens-field"
      >
        <option value="max_completion_tokens">max_completion_tokens</option>
        <option value="max_tokens">max_tokens (older gateways)</option>
      </select>
    </div>
  );
}
