// The SecretBox of the app: Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet). On Linux without a
// keyring Chromium falls back to `basic_text`, which is obfuscation, not secrecy: reported as such so the
// settings service can ask the user before storing a key that way.
import { safeStorage } from 'electron';
import { AppFailure } from '../app-failure.ts';
import type { SecretBackend, SecretBox } from '../services/secret-box.ts';

// SecretBox is synchronous (settings reads happen inside plain handlers), so this uses safeStorage's
// synchronous calls, which Electron 45 marks deprecated in favour of the async ones but still provides.
export function createSafeStorageBox(platform: NodeJS.Platform = process.platform): SecretBox {
  const backend = (): SecretBackend => {
    if (!safeStorage.isEncryptionAvailable()) return 'unavailable';
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return 'basic_text';
    return 'os';
  };
  return {
    backend,
    encrypt(plain) {
      if (backend() === 'unavailable') {
        throw new AppFailure('encryption_unavailable', 'This system offers no way to encrypt the API key.', {
          hint: 'Unlock or set up the system keychain, then try again.',
        });
      }
      return safeStorage.encryptString(plain).toString('base64');
    },
    decrypt(cipherBase64) {
      return safeStorage.decryptString(Buffer.from(cipherBase64, 'base64'));
    },
  };
}
