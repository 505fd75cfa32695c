import { Languages } from 'lucide-react';
import { useId } from 'react';
import { LANGUAGE_CHOICES, LANGUAGE_NAMES, type LanguageChoice } from '../../../../src-preload/contract.ts';
import { chooseLanguage, systemLanguage } from '../../actions/interface-language.ts';
import { useAppStore } from '../../store/index.ts';
import { settingsWords } from './strings.ts';

/** The interface's language: as the system, or one chosen. Switches at once, no restart. */
export function LanguageCard() {
  const t = settingsWords.useT();
  const id = useId();
  const choice = useAppStore((s) => s.prefs.interface.language);
  const label = (option: LanguageChoice) =>
    option === 'system'
      ? t('language.system', { language: LANGUAGE_NAMES[systemLanguage()] })
      : LANGUAGE_NAMES[option];
  return (
    <div className="aside-card" data-testid="language-card">
      <Languages size={16} className="aside-card__icon language-card__icon" aria-hidden />
      <div className="language-card__body">
        <label className="language-card__title" htmlFor={id}>
          {t('language.label')}
        </label>
        <select
          id={id}
          className="input language-card__select"
          value={choice}
          onChange={(event) => chooseLanguage(event.target.value as LanguageChoice)}
        >
          {LANGUAGE_CHOICES.map((option) => (
            // Each language in its own name (lang set so a screen reader reads it in that language).
            <option key={option} value={option} lang={option === 'system' ? undefined : option}>
              {label(option)}
            </option>
          ))}
        </select>
        <p className="language-card__hint">{t('language.hint')}</p>
      </div>
    </div>
  );
}
