import { ShieldCheck, ShieldOff, ShieldX } from 'lucide-react';
import { useAppStore } from '../../store/index.ts';
import { selectEncryption } from '../../store/settings.ts';

/** How keys are kept on this computer, in one line, so nobody has to guess. */
export function EncryptionStatusCard() {
  const encryption = useAppStore(selectEncryption);
  if (!encryption) return null;
  const { backend, plaintextConsent } = encryption;
  const view =
    backend === 'os'
      ? { tone: 'ok', icon: ShieldCheck, title: 'System keychain', text: 'Keys are encrypted at rest.' }
      : backend === 'basic_text'
        ? {
            tone: 'warning',
            icon: ShieldOff,
            title: 'No system keychain',
            text: plaintextConsent
              ? 'You allowed keys to be stored obfuscated, not encrypted.'
              : 'You will be asked before a key is stored.',
          }
        : { tone: 'error', icon: ShieldX, title: 'No secure storage', text: 'Keys cannot be stored here.' };
  return (
    <div className={`encryption-card encryption-card--${view.tone}`} data-testid="encryption-status">
      <view.icon size={16} className="encryption-card__icon" aria-hidden />
      <div>
        <p className="encryption-card__title">{view.title}</p>
        <p className="encryption-card__text">{view.text}</p>
      </div>
    </div>
  );
}
