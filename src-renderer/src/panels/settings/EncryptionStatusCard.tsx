import { ShieldCheck, ShieldOff, ShieldX } from 'lucide-react';
import { useAppStore } from '../../store/index.ts';
import { selectEncryption } from '../../store/settings.ts';
import { settingsWords } from './strings.ts';

/** How keys are kept on this computer, in one line, so nobody has to guess. */
export function EncryptionStatusCard() {
  const t = settingsWords.useT();
  const encryption = useAppStore(selectEncryption);
  if (!encryption) return null;
  const { backend, plaintextConsent } = encryption;
  const view =
    backend === 'os'
      ? { tone: 'ok', icon: ShieldCheck, title: t('encryption.osTitle'), text: t('encryption.osText') }
      : backend === 'basic_text'
        ? {
            tone: 'warning',
            icon: ShieldOff,
            title: t('encryption.basicTitle'),
            text: plaintextConsent ? t('encryption.basicConsented') : t('encryption.basicWillAsk'),
          }
        : {
            tone: 'error',
            icon: ShieldX,
            title: t('encryption.unavailableTitle'),
            text: t('encryption.unavailableText'),
          };
  return (
    <div className={`aside-card encryption-card--${view.tone}`} data-testid="encryption-status">
      <view.icon size={16} className="aside-card__icon encryption-card__icon" aria-hidden />
      <div>
        <p className="encryption-card__title">{view.title}</p>
        <p className="encryption-card__text">{view.text}</p>
      </div>
    </div>
  );
}
