import { X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { ChatSettings, Conversation } from '../../../../src-preload/contract.ts';
import { updateSetup } from '../../actions/playground.ts';
import { setPrefs } from '../../actions/prefs.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { useAppStore } from '../../store/index.ts';
import { setParameterCount } from './conversation-edits.ts';
import { useAutoGrow } from './useAutoGrow.ts';

const EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
/** The gateway takes at most this many stop sequences (content generation). */
const MAX_STOP_SEQUENCES = 16;

/**
 * What the next request is sent with, beyond the model: every parameter starts unset (the model's own
 * default) and is sent only once set. The conversation keeps them; fields that do not apply to the
 * chosen format say so rather than disappear, so switching format loses nothing.
 */
export function ParametersPanel({ conversationId }: { conversationId: string }) {
  const conversation = useAppStore((s) => s.playground.open[conversationId]);
  const enterSends = useAppStore((s) => s.prefs.playground.enterSends);
  const id = useId();
  if (!conversation) return null;

  const { settings, format } = conversation;
  const responses = format === 'responses';
  const count = setParameterCount(conversation);
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
          Parameters
        </h2>
        <span className="pg-params__count" data-testid="parameters-set">
          {count === 0 ? 'all unset' : `${count} set`}
        </span>
        {count > 0 ? (
          <Button size="sm" variant="ghost" onClick={resetAll} data-testid="parameters-reset">
            Reset
          </Button>
        ) : null}
        <IconButton
          icon={X}
          label="Hide parameters"
          size="sm"
          onClick={() => setPrefs({ playground: { showParameters: false } })}
        />
      </header>
      <div className="pg-params__body">
        <SystemPrompt
          id={`${id}-system`}
          value={settings.instructions ?? ''}
          field={responses ? 'instructions' : 'systemInstruction'}
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
          description={
            responses
              ? 'Reasoning tokens count towards it.'
              : 'Thinking tokens count towards it on most models.'
          }
          testId="param-max-tokens"
        />
        {responses ? (
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
            <p className="pg-param__note">For reasoning models; also asks for a reasoning summary.</p>
          </Param>
        ) : (
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
        )}
        <StopSequences
          id={`${id}-stop`}
          conversation={conversation}
          onChange={(list) => change('stopSequences', list.length > 0 ? list : undefined)}
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

function Param({
  id,
  label,
  set,
  children,
  aside,
}: {
  id: string;
  label: string;
  set: boolean;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className={`pg-param${set ? ' pg-param--set' : ''}`}>
      <div className="pg-param__head">
        <label htmlFor={id} className="pg-param__label">
          {label}
        </label>
        {aside}
      </div>
      {children}
    </div>
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
  if (conversation.format === 'responses') {
    return (
      <div className="pg-param pg-param--off">
        <p className="pg-param__label">Stop sequences</p>
        <p className="pg-param__note" data-testid="param-stop-unavailable">
          The Responses format has no stop sequences; they apply to content generation only.
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
          : 'One per line. The reply ends where one would appear (it is not included).'}
      </p>
    </Param>
  );
}

const linesOf = (text: string) => text.split('\n').filter((line) => line !== '');

function Check({
  checked,
  disabled,
  onChange,
  label,
  note,
  testId,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  label: ReactNode;
  note: string;
  testId: string;
}) {
  return (
    <label className={`pg-check${disabled ? ' pg-check--disabled' : ''}`}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span className="pg-check__text">
        <span className="pg-check__label">{label}</span>
        <span className="pg-check__note">{note}</span>
      </span>
    </label>
  );
}
