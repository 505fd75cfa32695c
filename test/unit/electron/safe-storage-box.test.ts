import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../../../src-main/app-failure.ts';
import { createSafeStorageBox } from '../../../src-main/electron/safe-storage-box.ts';

const safeStorage = vi.hoisted(() => ({
  available: true,
  linuxBackend: 'gnome_libsecret' as string,
  isEncryptionAvailable() {
    return this.available;
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
  safeStorage.encryptString.mockClear();
});

describe('the safeStorage secret box', () => {
  it('reports the OS keychain when encryption is available', () => {
    expect(createSafeStorageBox('darwin').backend()).toBe('os');
    expect(createSafeStorageBox('win32').backend()).toBe('os');
    expect(createSafeStorageBox('linux').backend()).toBe('os');
  });

  it("reports Linux's basic_text fallback as such", () => {
    safeStorage.linuxBackend = 'basic_text';
    expect(createSafeStorageBox('linux').backend()).toBe('basic_text');
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
