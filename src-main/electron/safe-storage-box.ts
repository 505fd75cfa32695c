// The SecretBox of the app: Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet). On Linux without a
// keyring Chromium falls back to `basic_text`, which is obfuscation, not secrecy: reported as such so the
// settings service can ask the user before storing a key that way.
import { safeStorage } from 'electron';
import { AppFailure } from '../app-failure.ts';
import { t } from '../i18n/index.ts';
import type { SecretBackend, SecretBox } from '../services/secret-box.ts';

// SecretBox is synchronous (settings reads happen inside plain handlers), so this uses safeStorage's
// synchronous calls, which Electron 45 marks deprecated in favour of the async ones but still provides.
export function createSafeStorageBox(platform: NodeJS.Platform = process.platform): SecretBox {
  // getSelectedStorageBackend exists on Linux only (docs/api/safe-storage.md).
  const isBasicText = () => platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  const backend = (): SecretBackend => {
    // Asked first: with `basic_text`, Electron reports encryption as unavailable until the app opts in
    // with setUsePlainTextEncryption(true) (S shell/browser/api/electron_api_safe_storage.cc), so
    // availability alone would hide the fallback the user can consent to.
    if (isBasicText()) return 'basic_text';
    return safeStorage.isEncryptionAvailable() ? 'os' : 'unavailable';
  };
  // Only reached once the settings service has the user's consent to store keys obfuscated.
  const optIntoBasicText = () => {
    if (isBasicText()) safeStorage.setUsePlainTextEncryption(true);
  };
  return {
    backend,
    encrypt(plain) {
      if (backend() === 'unavailable') {
        throw new AppFailure('encryption_unavailable', t('errors.settings.keyNoEncryption'), {
          hint: t('errors.settings.keyNoEncryptionHint'),
        });
      }
      optIntoBasicText();
      return safeStorage.encryptString(plain).toString('base64');
    },
    decrypt(cipherBase64) {
      optIntoBasicText();
      return safeStorage.decryptString(Buffer.from(cipherBase64, 'base64'));
    },
  };
}
