import { useId, useState } from 'react';
import {
  BUILT_IN_VOICES,
  DEFAULT_PREFS,
  MAX_SPEECH_SPEED,
  MIN_SPEECH_SPEED,
  type SpeakPrefs,
  speechCharacters,
} from '../../../../src-preload/contract.ts';
import { setPrefs } from '../../actions/prefs.ts';
import { FormRow } from '../../components/FormRow.tsx';
import { ModelField } from '../../components/ModelField.tsx';
import { commonWords } from '../../components/strings.ts';
import { useAppStore } from '../../store/index.ts';
import {
  clampSpeed,
  estimateParts,
  FORMAT_CHOICES,
  formatNote,
  instructionsReason,
  speedLabel,
} from './speak-rules.ts';
import { speakWords } from './strings.ts';

const SPEECH_FAMILIES = ['speech'] as const;

const SPEED_RANGE = { min: MIN_SPEECH_SPEED, max: MAX_SPEECH_SPEED };

// The fields' examples are the defaults: a model id and a voice name, the same in every language.
const EXAMPLE = DEFAULT_PREFS.speak;

const remember = (patch: Partial<SpeakPrefs>) => setPrefs({ speak: patch });

/** Model, voice, format, speed and instructions: remembered between runs, used by the next Generate. */
export function SpeechOptions() {
  const t = speakWords.useT();
  const common = commonWords.useT();
  const prefs = useAppStore((s) => s.prefs.speak);
  const parts = useAppStore((s) => estimateParts(speechCharacters(s.speak.text)));
  const id = useId();
  const noInstructions = instructionsReason(prefs.model);

  return (
    <section className="card speak-options" aria-labelledby={`${id}-title`} data-testid="speak-options">
      <h2 id={`${id}-title`} className="speak-section-title">
        {t('options.title')}
      </h2>
      <div className="form-grid speak-options__rows">
        <FormRow controlId={`${id}-model`} label={t('options.model')}>
          <ModelField
            id={`${id}-model`}
            value={prefs.model}
            onChange={(model) => remember({ model })}
            families={SPEECH_FAMILIES}
            example={EXAMPLE.model}
          />
        </FormRow>

        <FormRow controlId={`${id}-voice`} label={t('options.voice')} description={t('options.voiceHint')}>
          <input
            id={`${id}-voice`}
            className="input"
            list={`${id}-voices`}
            value={prefs.voice}
            onChange={(event) => remember({ voice: event.target.value })}
            placeholder={common('example', { example: EXAMPLE.voice })}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-voice-help`}
            data-testid="speak-voice"
          />
          <datalist id={`${id}-voices`}>
            {BUILT_IN_VOICES.map((voice) => (
              <option key={voice} value={voice} />
            ))}
          </datalist>
        </FormRow>

        <FormRow
          controlId={`${id}-format`}
          label={t('options.format')}
          asGroup
          description={formatNote(prefs.format, parts)}
        >
          <div className="segmented speak-formats" data-testid="speak-format">
            {FORMAT_CHOICES.map((choice) => (
              <label key={choice.value} className="segmented__option">
                <input
                  type="radio"
                  name={`${id}-format`}
                  value={choice.value}
                  checked={prefs.format === choice.value}
                  onChange={() => remember({ format: choice.value })}
                  aria-describedby={`${id}-format-help`}
                />
                <span className="segmented__label">{choice.label}</span>
              </label>
            ))}
          </div>
        </FormRow>

        <SpeedField id={`${id}-speed`} value={prefs.speed} />

        <FormRow
          controlId={`${id}-instructions`}
          label={t('options.instructions')}
          description={noInstructions ?? t('options.instructionsHint')}
        >
          <textarea
            id={`${id}-instructions`}
            className="input speak-options__instructions"
            rows={3}
            value={prefs.instructions}
            disabled={noInstructions !== null}
            onChange={(event) => remember({ instructions: event.target.value })}
            placeholder={t('options.instructionsPlaceholder')}
            aria-describedby={`${id}-instructions-help`}
            data-testid="speak-instructions"
          />
        </FormRow>
      </div>
    </section>
  );
}

/** A slider for quick changes and a number box for exact ones; both stay within 0.25–4. */
function SpeedField({ id, value }: { id: string; value: number }) {
  const t = speakWords.useT();
  // What is typed while it is being typed ("1." on the way to "1.5"); the remembered value otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const typed = draft === null ? null : Number(draft);
  const inRange = (n: number | null): n is number =>
    n !== null && Number.isFinite(n) && n >= MIN_SPEECH_SPEED && n <= MAX_SPEECH_SPEED;
  const invalid = draft !== null && (draft.trim() === '' || !inRange(typed));
  return (
    <FormRow
      controlId={id}
      label={t('options.speed')}
      error={invalid ? t('options.speedError', SPEED_RANGE) : null}
      description={invalid ? null : t('options.speedHint', SPEED_RANGE)}
    >
      <div className="speak-speed">
        <input
          type="range"
          className="speak-speed__slider"
          min={MIN_SPEECH_SPEED}
          max={MAX_SPEECH_SPEED}
          step={0.05}
          value={value}
          onChange={(event) => {
            setDraft(null);
            remember({ speed: clampSpeed(Number(event.target.value)) });
          }}
          aria-label={t('options.speedSlider')}
          aria-valuetext={speedLabel(value)}
        />
        <input
          id={id}
          className="input speak-speed__number"
          type="number"
          inputMode="decimal"
          min={MIN_SPEECH_SPEED}
          max={MAX_SPEECH_SPEED}
          step={0.05}
          value={draft ?? String(value)}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const next = Number(text);
            if (text.trim() !== '' && inRange(next)) remember({ speed: clampSpeed(next) });
          }}
          onBlur={() => setDraft(null)}
          data-testid="speak-speed"
        />
      </div>
    </FormRow>
  );
}
