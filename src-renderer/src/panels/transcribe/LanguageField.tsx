import { X } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../../components/Button.tsx';
import { FormRow } from '../../components/FormRow.tsx';
import { LANGUAGES, languageFromInput, languageInputLabel } from './languages.ts';
import { transcribeWords } from './strings.ts';

interface LanguageFieldProps {
  id: string;
  /** ISO-639-1 code, or '' for automatic detection. */
  value: string;
  onChange(code: string): void;
  /** Why the field is off (translations), or `null`. */
  disabledReason: string | null;
}

/**
 * The spoken language: typed and searched through the suggestions (by name or code), empty for automatic
 * detection. The text is kept as typed until it names a language; only then does the choice change.
 */
export function LanguageField({ id, value, onChange, disabledReason }: LanguageFieldProps) {
  const t = transcribeWords.useT();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? languageInputLabel(value);
  const typed = draft === null ? value : languageFromInput(draft);
  const error = draft !== null && typed === null ? t('language.error') : null;
  const listId = `${id}-list`;
  const disabled = disabledReason !== null;

  const change = (text: string) => {
    setDraft(text);
    const code = languageFromInput(text);
    if (code !== null && code !== value) onChange(code);
  };
  // Leaving the field shows the choice as it stands (`German (de)`), or keeps the mistake visible.
  const settle = () => {
    if (draft !== null && languageFromInput(draft) !== null) setDraft(null);
  };

  return (
    <FormRow
      controlId={id}
      label={t('language.label')}
      error={disabled ? null : error}
      description={disabledReason}
    >
      <div className="language-field">
        <input
          id={id}
          className="input"
          list={listId}
          value={disabled ? '' : shown}
          placeholder={disabled ? t('language.placeholderTranslate') : t('language.placeholder')}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error && !disabled ? true : undefined}
          aria-describedby={`${id}-help`}
          onChange={(event) => change(event.target.value)}
          onBlur={settle}
        />
        {!disabled && shown ? (
          <IconButton
            icon={X}
            size="sm"
            label={t('language.clear')}
            className="language-field__clear"
            onClick={() => {
              setDraft(null);
              onChange('');
            }}
          />
        ) : null}
      </div>
      <datalist id={listId}>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={languageInputLabel(language.code)} />
        ))}
      </datalist>
    </FormRow>
  );
}
