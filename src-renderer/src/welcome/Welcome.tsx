import { ArrowLeft, ArrowRight, AudioLines, Lock, MessagesSquare, Speech } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { AppMark } from '../components/AppMark.tsx';
import { Button } from '../components/Button.tsx';
import { NoticeBanner } from '../components/NoticeBanner.tsx';
import { SCREENS } from '../screens.ts';
import { PANEL_VIEWS } from '../shell/panel-views.ts';
import { useMarkFirstScreen } from '../startup/first-screen.ts';
import { prefetchAtIdle } from '../startup/prefetch.ts';
import { preloadable } from '../startup/preloadable.ts';
import { useAppStore } from '../store/index.ts';
import { welcomeWords } from './strings.ts';
import './Welcome.css';

const profileForm = preloadable(() =>
  import('../panels/settings/ProfileForm.tsx').then((module) => module.ProfileForm),
);

// The form is the next step, and the shell's Settings (where a new profile opens) the screen after it:
// fetched at idle while the introduction is read.
const NEXT_STEPS = [profileForm, SCREENS.shell, PANEL_VIEWS.settings];

// Catalogue keys, translated at render (a change of language shows at once).
const FEATURES = [
  { icon: AudioLines, name: 'features.transcribeTitle', words: 'features.transcribeText' },
  { icon: Speech, name: 'features.speakTitle', words: 'features.speakText' },
  { icon: MessagesSquare, name: 'features.playgroundTitle', words: 'features.playgroundText' },
] as const;

/** First run: what the app does, then one form to add the gateway. */
export function Welcome() {
  const t = welcomeWords.useT();
  const [step, setStep] = useState<'intro' | 'form'>('intro');
  const showPanel = useAppStore((s) => s.showPanel);
  useMarkFirstScreen();
  useEffect(() => prefetchAtIdle(NEXT_STEPS), []);
  return (
    <main className="welcome" data-testid="welcome">
      <div className="welcome__column">
        <NoticeBanner />
        {step === 'intro' ? (
          <section className="welcome__intro" aria-labelledby="welcome-title">
            <AppMark size={56} />
            <h1 id="welcome-title" className="welcome__title">
              {t('title')}
            </h1>
            <p className="welcome__lead">{t('lead')}</p>
            <ul className="welcome__features">
              {FEATURES.map((feature) => (
                <li key={feature.name} className="welcome__feature">
                  <span className="welcome__feature-icon" aria-hidden>
                    <feature.icon size={18} />
                  </span>
                  <p className="welcome__feature-title">{t(feature.name)}</p>
                  <p className="welcome__feature-text">{t(feature.words)}</p>
                </li>
              ))}
            </ul>
            <Button variant="primary" className="welcome__cta" onClick={() => setStep('form')}>
              {t('start')}
              <ArrowRight size={15} aria-hidden />
            </Button>
            <p className="welcome__privacy">
              <Lock size={12} aria-hidden /> {t('privacy')}
            </p>
          </section>
        ) : (
          <section className="welcome__form-card" aria-labelledby="welcome-form-title">
            <header className="welcome__form-header">
              <Button variant="ghost" size="sm" icon={ArrowLeft} onClick={() => setStep('intro')}>
                {t('back')}
              </Button>
              <h1 id="welcome-form-title" className="welcome__form-title">
                {t('formTitle')}
              </h1>
              <p className="welcome__form-lead">{t('formLead')}</p>
            </header>
            <Suspense fallback={null}>
              <profileForm.Component mode="create" onCreated={() => showPanel('settings')} />
            </Suspense>
          </section>
        )}
      </div>
    </main>
  );
}
