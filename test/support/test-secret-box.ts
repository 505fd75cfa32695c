// A SecretBox for tests and the browser harness: real AES-256-GCM with a per-box random key, and a
// backend chosen by the test, so the settings service's encryption and basic_text paths can both run
// without Electron's safeStorage.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBackend, SecretBox } from '../../src-main/services/secret-box.ts';

export interface TestSecretBox extends SecretBox {
  setBackend(backend: SecretBackend): void;
}

export function createTestSecretBox(initial: SecretBackend = 'os'): TestSecretBox {
  let backend = initial;
  const key = randomBytes(32);
  return {
    backend: () => backend,
    setBackend(next) {
      backend = next;
    },
    encrypt(plain) {
      if (backend === 'unavailable') throw new Error('Encryption is not available');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(cipherBase64) {
      const data = Buffer.from(cipherBase64, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
