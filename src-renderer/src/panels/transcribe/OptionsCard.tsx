import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import {
  MAX_PART_CONCURRENCY,
  MAX_PART_SECONDS,
  MAX_TRANSCRIBE_CONCURRENCY,
  MIN_PART_SECONDS,
  type TimestampDetail,
  type TranscribeMode,
  type TranscribePrefs,
} from '../../../../src-preload/contract.ts';
import { setPrefs } from '../../actions/prefs.ts';
import { FormRow } from '../../components/FormRow.tsx';
import { ModelField } from '../../components/ModelField.tsx';
import { useAppStore } from '../../store/index.ts';
import { LanguageField } from './LanguageField.tsx';
import { languageInputLabel } from './languages.ts';
import { disabledOptions, reasonFor, resolveTranscription } from './model-rules.ts';
import { transcribeWords } from './strings.ts';

const { t: translate } = transcribeWords;

type Key = Parameters<typeof translate>[0];

const MODES: ReadonlyArray<{ value: TranscribeMode; labelKey: Key }> = [
  { value: 'transcribe', labelKey: 'options.modeTranscribe' },
  { value: 'translate', labelKey: 'options.modeTranslate' },
];

const TIMESTAMPS: ReadonlyArray<{ value: TimestampDetail; labelKey: Key }> = [
  { value: 'none', labelKey: 'options.timestampsNone' },
  { value: 'segment', labelKey: 'options.timestampsSegments' },
  { value: 'word', labelKey: 'options.timestampsWords' },
];

/** The model field's example: a model id, the same in every language. */
const EXAMPLE_MODEL = 'whisper-1';

const AUDIO_FAMILIES = ['audio'] as const;

const remember = (patch: Partial<TranscribePrefs>) => setPrefs({ transcribe: patch });

/**
 * How new queue items are sent: remembered between runs, read when an item is queued (so changing them
 * never changes what is already in the queue). Options the model does not take are disabled with why.
 */
export function OptionsCard() {
  const t = transcribeWords.useT();
  const prefs = useAppStore((s) => s.prefs.transcribe);
  const disabled = disabledOptions(prefs);
  const id = useId();
  const [moreOpen, setMoreOpen] = useState(false);
  const collapsed = useAppStore((s) => s.transcribeOptionsCollapsed);
  const setCollapsed = useAppStore((s) => s.setTranscribeOptionsCollapsed);
  const languageReason = reasonFor(disabled, 'language');
  const segmentsReason = reasonFor(disabled, 'segments');
  const wordsReason = reasonFor(disabled, 'words');
  const promptReason = reasonFor(disabled, 'prompt');

  return (
    <section
      className={`card options-card${collapsed ? ' options-card--collapsed' : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid="transcribe-options"
    >
      <h2 className="options-card__heading">
        {/* Folds away once set, so the queue beneath gets the room in a small window. */}
        <button
          type="button"
          id={`${id}-title`}
          className="options-card__toggle"
          aria-expanded={!collapsed}
          aria-controls={`${id}-body`}
          onClick={() => setCollapsed(!collapsed)}
        >
          <span className="options-card__title">{t('options.title')}</span>
          {collapsed ? <span className="one-line options-card__summary">{summaryOf(prefs)}</span> : null}
          <ChevronDown size={16} className="options-card__chevron" aria-hidden />
        </button>
      </h2>
      {collapsed ? null : (
        <div id={`${id}-body`} className="options-card__body">
          <div className="form-grid options-card__rows">
            <FormRow controlId={`${id}-mode`} label={t('options.output')} asGroup>
              <Segmented
                name={`${id}-mode`}
                choices={MODES}
                value={prefs.mode}
                onChange={(mode) => remember({ mode })}
                testId="transcribe-mode"
              />
            </FormRow>
            <FormRow controlId={`${id}-model`} label={t('options.model')}>
              <ModelField
                id={`${id}-model`}
                value={prefs.model}
                onChange={(model) => remember({ model })}
                families={AUDIO_FAMILIES}
                example={EXAMPLE_MODEL}
              />
            </FormRow>
            <LanguageField
              id={`${id}-language`}
              value={prefs.language}
              onChange={(language) => remember({ language })}
              disabledReason={languageReason}
            />
            <FormRow
              controlId={`${id}-timestamps`}
              label={t('options.timestamps')}
              asGroup
              description={segmentsReason ?? (prefs.timestamps === 'word' ? wordsReason : null)}
            >
              <Segmented
                name={`${id}-timestamps`}
                choices={TIMESTAMPS}
                value={
                  segmentsReason
                    ? 'none'
                    : prefs.timestamps === 'word' && wordsReason
                      ? 'segment'
                      : prefs.timestamps
                }
                onChange={(timestamps) => remember({ timestamps })}
                isDisabled={(value) =>
                  segmentsReason !== null ? value !== 'none' : value === 'word' && wordsReason !== null
                }
                disabledTitle={(value) => (value === 'word' ? wordsReason : segmentsReason)}
                describedBy={`${id}-timestamps-help`}
                testId="transcribe-timestamps"
              />
            </FormRow>
          </div>

          <button
            type="button"
            className="disclosure options-card__more"
            aria-expanded={moreOpen}
            aria-controls={`${id}-more`}
            onClick={() => setMoreOpen((open) => !open)}
          >
            <ChevronRight size={14} className="disclosure__chevron" aria-hidden />
            {t('options.more')}
            {moreOpen ? null : <span className="disclosure__hint">{moreSummary(prefs)}</span>}
          </button>
          {moreOpen ? (
            <div id={`${id}-more`} className="form-grid options-card__rows options-card__rows--more">
              <FormRow
                controlId={`${id}-prompt`}
                label={t('options.prompt')}
                description={
                  promptReason ??
                  (prefs.mode === 'translate' ? t('options.promptHintTranslate') : t('options.promptHint'))
                }
              >
                <textarea
                  id={`${id}-prompt`}
                  className="input options-card__prompt"
                  rows={2}
                  value={prefs.prompt}
                  disabled={promptReason !== null}
                  onChange={(event) => remember({ prompt: event.target.value })}
                  aria-describedby={`${id}-prompt-help`}
                  placeholder={t('options.promptPlaceholder')}
                />
              </FormRow>
              <div className="options-card__pair">
                <TemperatureField id={`${id}-temperature`} value={prefs.temperature} />
                <ConcurrencyField id={`${id}-concurrency`} value={prefs.concurrency} />
              </div>
              <PartFields id={id} prefs={prefs} />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

const TIMESTAMP_SUMMARY: Readonly<Record<TimestampDetail, Key>> = {
  none: 'options.summaryNoTimestamps',
  segment: 'options.summarySegmentTimes',
  word: 'options.summaryWordTimes',
};

/** The options in one line, for the folded card: `whisper-1 · Translate · segment times`. */
function summaryOf(prefs: TranscribePrefs): string {
  const translating = prefs.mode === 'translate';
  const language = translating ? null : prefs.language ? languageInputLabel(prefs.language) : null;
  return [
    prefs.model.trim() || translate('options.summaryNoModel'),
    translate(translating ? 'options.summaryTranslate' : 'options.summaryTranscribe'),
    language,
    translate(TIMESTAMP_SUMMARY[resolveTranscription(prefs).timestamps]),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What the closed "More options" holds, when it differs from the defaults. */
function moreSummary(prefs: TranscribePrefs): string {
  const parts: string[] = [];
  if (prefs.prompt.trim()) parts.push(translate('options.morePrompt'));
  if (prefs.temperature !== null)
    parts.push(translate('options.moreTemperature', { value: prefs.temperature }));
  parts.push(translate('options.moreFiles', { count: prefs.concurrency }));
  parts.push(translate('options.moreParts', { minutes: prefs.partMinutes }));
  return parts.join(' · ');
}

interface SegmentedProps<T extends string> {
  name: string;
  choices: ReadonlyArray<{ value: T; labelKey: Key }>;
  value: T;
  onChange(value: T): void;
  isDisabled?(value: T): boolean;
  disabledTitle?(value: T): string | null;
  describedBy?: string;
  testId?: string;
}

/** A row of radio buttons drawn as one control; arrow keys move between them as radios do. */
function Segmented<T extends string>({
  name,
  choices,
  value,
  onChange,
  isDisabled,
  disabledTitle,
  describedBy,
  testId,
}: SegmentedProps<T>) {
  const t = transcribeWords.useT();
  return (
    <div className="segmented options-card__segmented" data-testid={testId}>
      {choices.map((choice) => {
        const off = isDisabled?.(choice.value) ?? false;
        return (
          <label
            key={choice.value}
            className="segmented__option"
            title={off ? (disabledTitle?.(choice.value) ?? undefined) : undefined}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={off}
              onChange={() => onChange(choice.value)}
              aria-describedby={describedBy}
            />
            <span className="segmented__label">{t(choice.labelKey)}</span>
          </label>
        );
      })}
    </div>
  );
}

/** Empty means the gateway's default; anything else must lie in 0–1 to be kept. */
function TemperatureField({ id, value }: { id: string; value: number | null }) {
  const t = transcribeWords.useT();
  // The text as typed while it is being edited (`0.` on the way to `0.5`); the remembered value otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === null ? '' : String(value));
  const parsed = temperatureFromInput(shown);
  const error = parsed === undefined ? t('options.temperatureError') : null;
  const change = (text: string) => {
    setDraft(text);
    const next = temperatureFromInput(text);
    if (next !== undefined && next !== value) remember({ temperature: next });
  };
  return (
    <FormRow
      controlId={id}
      label={t('options.temperature')}
      error={error}
      description={error ? null : t('options.temperatureHint')}
    >
      <input
        id={id}
        className="input options-card__number"
        type="number"
        inputMode="decimal"
        min={0}
        max={1}
        step={0.1}
        placeholder={t('options.temperaturePlaceholder')}
        value={shown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        onChange={(event) => change(event.target.value)}
        onBlur={() => error === null && setDraft(null)}
      />
    </FormRow>
  );
}

/** `null` for empty (the gateway's default), the number when it lies in 0–1, `undefined` otherwise. */
function temperatureFromInput(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) && number >= 0 && number <= 1 ? number : undefined;
}

interface WholeNumberFieldProps {
  id: string;
  label: string;
  description: string;
  min: number;
  max: number;
  value: number;
  onChoose(value: number): void;
}

/** A whole number kept within `min`–`max`; what is typed outside is brought back in, an empty field ignored. */
function WholeNumberField({ id, label, description, min, max, value, onChoose }: WholeNumberFieldProps) {
  const choose = (text: string) => {
    const number = Math.round(Number(text));
    if (!Number.isFinite(number) || text.trim() === '') return;
    onChoose(Math.min(max, Math.max(min, number)));
  };
  return (
    <FormRow controlId={id} label={label} description={description}>
      <input
        id={id}
        className="input options-card__number"
        type="number"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-describedby={`${id}-help`}
        onChange={(event) => choose(event.target.value)}
      />
    </FormRow>
  );
}

/** How many queue items are sent at once (1 to the contract's maximum). */
function ConcurrencyField({ id, value }: { id: string; value: number }) {
  const t = transcribeWords.useT();
  return (
    <WholeNumberField
      id={id}
      label={t('options.atOnce')}
      description={t('options.atOnceHint', { max: MAX_TRANSCRIBE_CONCURRENCY })}
      min={1}
      max={MAX_TRANSCRIBE_CONCURRENCY}
      value={value}
      onChoose={(concurrency) => remember({ concurrency })}
    />
  );
}

/** How long recordings are cut: the longest part, and how many parts of one recording go at once. */
function PartFields({ id, prefs }: { id: string; prefs: TranscribePrefs }) {
  const t = transcribeWords.useT();
  const minMinutes = Math.ceil(MIN_PART_SECONDS / 60);
  const maxMinutes = MAX_PART_SECONDS / 60;
  return (
    <div className="options-card__pair">
      <WholeNumberField
        id={`${id}-part-minutes`}
        label={t('options.partLength')}
        description={t('options.partLengthHint', { min: minMinutes, max: maxMinutes })}
        min={minMinutes}
        max={maxMinutes}
        value={prefs.partMinutes}
        onChoose={(partMinutes) => remember({ partMinutes })}
      />
      <WholeNumberField
        id={`${id}-part-concurrency`}
        label={t('options.partsAtOnce')}
        description={t('options.partsAtOnceHint', { max: MAX_PART_CONCURRENCY })}
        min={1}
        max={MAX_PART_CONCURRENCY}
        value={prefs.partConcurrency}
        onChoose={(partConcurrency) => remember({ partConcurrency })}
      />
    </div>
  );
}
