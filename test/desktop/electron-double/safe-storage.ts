// safeStorage, in the three states a user's machine can be in: an OS keychain, none at all, or Linux's
// `basic_text` fallback (docs/api/safe-storage.md; ELECTRON.md §8). The "keychain" is a key file outside
// the app's data folder (GS_DOUBLE_KEYRING), so ciphertext survives a restart as with a real keychain.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { platform, readiness } from './runtime.ts';

export type SafeStorageMode = 'os' | 'unavailable' | 'basic_text';

const mode = (process.env.GS_DOUBLE_SAFE_STORAGE ?? 'os') as SafeStorageMode;
let plainTextAllowed = false;

function keyringKey(): Buffer {
  const file = process.env.GS_DOUBLE_KEYRING;
  if (!file) throw new Error('GS_DOUBLE_KEYRING is not set: the double has no keychain file');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32));
  }
  return readFileSync(file);
}

// basic_text encrypts with a fixed, well-known password: obfuscation only (S os_crypt_linux).
const BASIC_TEXT_KEY = Buffer.alloc(32, 7);

// At Electron 45 (S shell/browser/api/electron_api_safe_storage.cc): unavailable before ready on every
// platform, and the calls that need the key throw this before ready.
function beforeReady(): void {
  if (!readiness.isReady) throw new Error('safeStorage cannot be used before app is ready');
}

function available(): boolean {
  // `basic_text` counts as available only after setUsePlainTextEncryption(true) (S, same file).
  if (!readiness.isReady) return false;
  if (mode === 'unavailable') return false;
  if (mode === 'basic_text') return plainTextAllowed;
  return true;
}

const prefix = () => (mode === 'basic_text' ? 'v10' : 'v11');
const key = () => (mode === 'basic_text' ? BASIC_TEXT_KEY : keyringKey());

export const safeStorage = {
  isEncryptionAvailable: available,
  setUsePlainTextEncryption(allow: boolean): void {
    if (platform() === 'linux') plainTextAllowed = allow;
  },
  /** Linux only (docs/api/safe-storage.md § getSelectedStorageBackend): not a function elsewhere. */
  getSelectedStorageBackend(): string {
    if (platform() !== 'linux')
      throw new TypeError('safeStorage.getSelectedStorageBackend is not a function');
    if (!readiness.isReady) return 'unknown';
    return mode === 'basic_text' ? 'basic_text' : 'gnome_libsecret';
  },
  encryptString(plainText: string): Buffer {
    beforeReady();
    if (!available()) {
      throw new Error(
        'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.',
      );
    }
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key(), iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from(prefix()), iv, cipher.getAuthTag(), body]);
  },
  decryptString(encrypted: Buffer): string {
    beforeReady();
    if (!available()) {
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.',
      );
    }
    if (!Buffer.isBuffer(encrypted))
      throw new Error('Expected the first argument of decryptString() to be a buffer');
    if (encrypted.length === 0) return '';
    const tag = encrypted.subarray(0, 3).toString();
    if (tag !== 'v10' && tag !== 'v11') {
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Ciphertext does not appear to be encrypted.',
      );
    }
    const decipher = createDecipheriv(
      'aes-256-gcm',
      tag === 'v10' ? BASIC_TEXT_KEY : keyringKey(),
      encrypted.subarray(3, 15),
    );
    decipher.setAuthTag(encrypted.subarray(15, 31));
    return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8');
  },
};
