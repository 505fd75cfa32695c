import { ShieldOff } from 'lucide-react';
import { useAppStore } from '../store/index.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

/**
 * Asked before the first key is stored on a system whose only "encryption" is Chromium's basic_text
 * backend. The action that needs the answer waits on it (see `askPlaintextConsent`).
 */
export function PlaintextConsentDialog() {
  const open = useAppStore((s) => s.consentPrompt !== null);
  const answer = useAppStore((s) => s.answerPlaintextConsent);
  return (
    <Dialog
      open={open}
      title="Store the key without a keychain?"
      icon={ShieldOff}
      tone="warning"
      onClose={() => answer(false)}
      testId="consent-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={() => answer(false)} autoFocus>
            Don't store
          </Button>
          <Button variant="primary" onClick={() => answer(true)} data-testid="consent-allow">
            Store anyway
          </Button>
        </>
      }
    >
      <p>
        Your system offers no keychain (such as GNOME Keyring or KWallet) that Gateway Studio can use. The key
        would be stored <strong>obfuscated, not encrypted</strong>: anyone who can read your user files could
        recover it.
      </p>
      <p>Store keys this way only on a computer you alone use. You can remove the key at any time.</p>
    </Dialog>
  );
}
