import { AudioLines } from 'lucide-react';
import { speechCharacters } from '../../../../src-preload/contract.ts';
import { generateSpeech } from '../../actions/speak.ts';
import { Button } from '../../components/Button.tsx';
import { Kbd, MOD_KEY_LABEL } from '../../components/Kbd.tsx';
import { useAppStore } from '../../store/index.ts';
import { useKeepFocusIn } from '../../util/focus.ts';
import { describeCount, generateProblem } from './speak-rules.ts';
import { speakWords } from './strings.ts';

/** The text to speak, its length against one request, and Generate (or Cancel while it runs). */
export function Composer() {
  const t = speakWords.useT();
  const text = useAppStore((s) => s.speak.text);
  const setText = useAppStore((s) => s.setSpeakText);
  const running = useAppStore((s) => s.speak.job !== null);
  const prefs = useAppStore((s) => s.prefs.speak);
  const characters = speechCharacters(text);
  const count = describeCount(characters);
  const problem = generateProblem(characters, text, prefs);
  // Generate is busy (so disabled) while the clip is made: focus goes back to the text, not the page.
  const keepFocusRef = useKeepFocusIn({ fallback: () => document.getElementById('speak-text') });

  return (
    <section className="speak-composer" aria-label={t('composer.label')} ref={keepFocusRef}>
      <label htmlFor="speak-text" className="visually-hidden">
        {t('composer.label')}
      </label>
      <textarea
        id="speak-text"
        className="speak-composer__text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('composer.placeholder')}
        spellCheck
        aria-describedby="speak-count"
        data-testid="speak-text"
      />
      <div className="speak-composer__bar">
        <p id="speak-count" className={`speak-count speak-count--${count.tone}`} data-testid="speak-count">
          <span className="speak-count__value">{count.label}</span>{' '}
          <span className="one-line speak-count__note" title={count.detail ?? undefined}>
            {count.note ?? t('composer.perRequest')}
          </span>
        </p>
        <div className="speak-composer__actions">
          <Button
            variant="primary"
            icon={AudioLines}
            busy={running}
            disabled={problem !== null}
            title={problem ?? t('composer.generateTitle', { shortcut: `${MOD_KEY_LABEL}+Enter` })}
            onClick={() => void generateSpeech()}
            data-testid="speak-generate"
          >
            {running ? t('composer.generating') : t('composer.generate')}
            {running ? null : <Kbd keys={[MOD_KEY_LABEL, '↵']} />}
          </Button>
        </div>
      </div>
    </section>
  );
}
