import { ShieldOff } from 'lucide-react';
import { Rich } from '../i18n/rich.tsx';
import { useAppStore } from '../store/index.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { commonWords } from './strings.ts';

/**
 * Asked before the first key is stored on a system whose only "encryption" is Chromium's basic_text
 * backend. The action that needs the answer waits on it (see `askPlaintextConsent`).
 */
export function PlaintextConsentDialog() {
  const t = commonWords.useT();
  const open = useAppStore((s) => s.consentPrompt !== null);
  const answer = useAppStore((s) => s.answerPlaintextConsent);
  return (
    <Dialog
      open={open}
      title={t('consent.title')}
      icon={ShieldOff}
      tone="warning"
      onClose={() => answer(false)}
      testId="consent-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={() => answer(false)} autoFocus>
            {t('consent.refuse')}
          </Button>
          <Button variant="primary" onClick={() => answer(true)} data-testid="consent-allow">
            {t('consent.allow')}
          </Button>
        </>
      }
    >
      <p>
        <Rich words={commonWords} k="consent.body" components={{ strong: <strong /> }} />
      </p>
      <p>{t('consent.advice')}</p>
    </Dialog>
  );
}
