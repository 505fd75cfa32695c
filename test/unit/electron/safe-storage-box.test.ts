import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../../../src-main/app-failure.ts';
import { createSafeStorageBox } from '../../../src-main/electron/safe-storage-box.ts';

// As Electron behaves on Linux (S shell/browser/api/electron_api_safe_storage.cc; ELECTRON.md §8):
// with the `basic_text` backend, encryption is available only after setUsePlainTextEncryption(true).
const safeStorage = vi.hoisted(() => ({
  available: true,
  linuxBackend: 'gnome_libsecret' as string,
  plainTextAllowed: false,
  isEncryptionAvailable() {
    if (this.linuxBackend === 'basic_text') return this.plainTextAllowed;
    return this.available;
  },
  setUsePlainTextEncryption(allow: boolean) {
    this.plainTextAllowed = allow;
  },
  getSelectedStorageBackend() {
    return this.linuxBackend;
  },
  // A reversible stand-in for the OS cipher, so round trips can be checked.
  encryptString: vi.fn((plain: string) => Buffer.from(`enc:${plain}`, 'utf8')),
  decryptString: vi.fn((data: Buffer) => data.toString('utf8').replace(/^enc:/, '')),
}));
vi.mock('electron', () => ({ safeStorage }));

beforeEach(() => {
  safeStorage.available = true;
  safeStorage.linuxBackend = 'gnome_libsecret';
  safeStorage.plainTextAllowed = false;
  safeStorage.encryptString.mockClear();
});

describe('the safeStorage secret box', () => {
  it('reports the OS keychain when encryption is available', () => {
    expect(createSafeStorageBox('darwin').backend()).toBe('os');
    expect(createSafeStorageBox('win32').backend()).toBe('os');
    expect(createSafeStorageBox('linux').backend()).toBe('os');
  });

  it("reports Linux's basic_text fallback as such, although Electron calls it unavailable until opted in", () => {
    safeStorage.linuxBackend = 'basic_text';
    expect(safeStorage.isEncryptionAvailable()).toBe(false);
    expect(createSafeStorageBox('linux').backend()).toBe('basic_text');
  });

  it('opts into basic_text only when it encrypts or decrypts (after the user agreed), and round-trips', () => {
    safeStorage.linuxBackend = 'basic_text';
    const box = createSafeStorageBox('linux');
    box.backend();
    expect(safeStorage.plainTextAllowed).toBe(false);
    const cipher = box.encrypt('sk-obfuscated');
    expect(safeStorage.plainTextAllowed).toBe(true);
    safeStorage.plainTextAllowed = false;
    expect(box.decrypt(cipher)).toBe('sk-obfuscated');
  });

  it('reports unavailable when there is no encryption at all', () => {
    safeStorage.available = false;
    expect(createSafeStorageBox('linux').backend()).toBe('unavailable');
  });

  it('stores ciphertext as base64 and decrypts it back', () => {
    const box = createSafeStorageBox('darwin');
    const cipher = box.encrypt('sk-secret-1234');
    expect(cipher).toBe(Buffer.from('enc:sk-secret-1234').toString('base64'));
    expect(cipher).not.toContain('sk-secret');
    expect(box.decrypt(cipher)).toBe('sk-secret-1234');
  });

  it('refuses to encrypt when encryption is unavailable, with a code the UI understands', () => {
    safeStorage.available = false;
    const box = createSafeStorageBox('linux');
    expect(() => box.encrypt('sk-secret')).toThrow(AppFailure);
    try {
      box.encrypt('sk-secret');
    } catch (error) {
      expect((error as AppFailure).code).toBe('encryption_unavailable');
    }
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
  });
});
