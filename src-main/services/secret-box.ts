// Encrypts API keys at rest. The Electron adapter wraps `safeStorage`; tests use a box of their own.

export type SecretBackend = 'os' | 'basic_text' | 'unavailable';

export interface SecretBox {
  /** Which protection encryption currently gives (on Linux without a keyring Chromium falls back to basic_text). */
  backend(): SecretBackend;
  /** Ciphertext as base64. Throws when the backend is `unavailable`. */
  encrypt(plain: string): string;
  decrypt(cipherBase64: string): string;
}
