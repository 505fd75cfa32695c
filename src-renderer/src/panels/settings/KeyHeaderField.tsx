import { DEFAULT_VENDOR_KEY_HEADER, GOOGLE_KEY_HEADER } from '../../../../src-preload/contract.ts';
import type { KeyHeaderChoice } from './profile-draft.ts';
import { settingsWords } from './strings.ts';

const CHOICES: ReadonlyArray<{ value: KeyHeaderChoice; label: string | null; mono: boolean }> = [
  { value: 'vendor', label: DEFAULT_VENDOR_KEY_HEADER, mono: true },
  { value: 'google', label: GOOGLE_KEY_HEADER, mono: true },
  { value: 'custom', label: null, mono: false },
];

interface KeyHeaderFieldProps {
  idPrefix: string;
  choice: KeyHeaderChoice;
  custom: string;
  customError?: string;
  onChoice(choice: KeyHeaderChoice): void;
  onCustom(value: string): void;
}

/** Which header carries the key on /v1beta calls: a segmented radio group, plus a name when custom. */
export function KeyHeaderField({
  idPrefix,
  choice,
  custom,
  customError,
  onChoice,
  onCustom,
}: KeyHeaderFieldProps) {
  const t = settingsWords.useT();
  return (
    <>
      <div className="segmented" data-testid="key-header-choice">
        {CHOICES.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name={`${idPrefix}-key-header`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => onChoice(option.value)}
            />
            <span className={option.mono ? 'segmented__label mono' : 'segmented__label'}>
              {option.label ?? t('keyHeader.custom')}
            </span>
          </label>
        ))}
      </div>
      {choice === 'custom' ? (
        <input
          id={`${idPrefix}-custom-header`}
          className="input input--mono"
          aria-label={t('keyHeader.customName')}
          placeholder={t('keyHeader.customPlaceholder')}
          value={custom}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={customError ? true : undefined}
          onChange={(event) => onCustom(event.target.value)}
        />
      ) : null}
    </>
  );
}
