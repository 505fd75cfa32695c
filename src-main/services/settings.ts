// Gateway profiles and their keys. Keys are stored only as ciphertext (SecretBox); the renderer gets
// ProfileView (hasKey + last four characters). The gateway layer asks `credentials()` for the key.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  apiKeyProblem,
  DEFAULT_UPLOAD_LIMIT_MB,
  DEFAULT_VENDOR_KEY_HEADER,
  GOOGLE_KEY_HEADER,
  HEADER_NAME_PATTERN,
  headerValueProblem,
  type KeyStorage,
  MAX_PROFILE_NAME_LENGTH,
  MAX_UPLOAD_LIMIT_MB,
  type Notice,
  type ProfileFields,
  type ProfileSaved,
  type ProfileView,
  type SettingsState,
} from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { normaliseBaseUrl } from './base-url.ts';
import type { SecretBox } from './secret-box.ts';
import type { SettingsStore, SettingsStoreFactory } from './settings-store.ts';

const SETTINGS_FILE = 'settings';
const FORMAT_VERSION = 1;

const storedProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  vendorKeyHeader: z.string(),
  extraHeaders: z.record(z.string(), z.string()),
  uploadLimitMb: z.number(),
  keyCipher: z.string().nullable(),
  keyStorage: z.enum(['os', 'basic_text']).nullable(),
  keyTail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
type StoredProfile = z.infer<typeof storedProfileSchema>;

const storedSettingsSchema = z.object({
  version: z.number().optional(),
  profiles: z.array(storedProfileSchema).optional(),
  activeProfileId: z.string().nullable().optional(),
  plaintextConsent: z.boolean().optional(),
});

/** Headers the HTTP layer sets itself: neither the /v1beta key header nor an extra header may be one. */
const FIXED_HEADERS = new Set([
  'authorization',
  'content-type',
  'content-length',
  'host',
  'transfer-encoding',
]);
/** Both names a /v1beta key travels under: an extra header with either would be dropped by the client. */
const KEY_HEADERS = new Set([DEFAULT_VENDOR_KEY_HEADER, GOOGLE_KEY_HEADER]);

export interface Credentials {
  profile: ProfileView;
  apiKey: string;
}

export interface SettingsService {
  state(): SettingsState;
  createProfile(fields: ProfileFields & { apiKey?: string }): ProfileSaved;
  updateProfile(id: string, fields: ProfileFields): ProfileSaved;
  duplicateProfile(id: string): ProfileSaved;
  deleteProfile(id: string): SettingsState;
  setActive(id: string): SettingsState;
  setKey(id: string, apiKey: string): ProfileSaved;
  removeKey(id: string): ProfileSaved;
  setPlaintextConsent(allow: boolean): SettingsState;
  dismissNotice(id: string): SettingsState;
  /** Main only: the profile (active one by default) with its decrypted key. */
  credentials(profileId?: string): Credentials;
}

export interface SettingsServiceOptions {
  directory: string;
  secretBox: SecretBox;
  createStore: SettingsStoreFactory;
  now?: () => Date;
}

/**
 * Opens the settings file. A file that is not valid JSON, or not in our shape, is moved aside and
 * reported: the app starts with defaults rather than refusing to start.
 */
function openStore(options: SettingsServiceOptions, notices: Notice[]): SettingsStore {
  const path = join(options.directory, `${SETTINGS_FILE}.json`);
  if (existsSync(path)) {
    let problem: string | null = null;
    try {
      const parsed = storedSettingsSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
      if (!parsed.success) problem = 'it is not in the expected format';
    } catch {
      problem = 'it is not valid JSON';
    }
    if (problem) {
      const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
      const aside = join(options.directory, `${SETTINGS_FILE}.corrupt-${stamp}.json`);
      renameSync(path, aside);
      notices.push({
        id: `corrupt-settings-${stamp}`,
        level: 'warning',
        message: `Your settings file could not be read (${problem}), so Gateway Studio started with default settings. The old file was kept as ${aside}.`,
      });
    }
  }
  return options.createStore({ directory: options.directory, name: SETTINGS_FILE });
}

function notFound(id: string): AppFailure {
  return new AppFailure('not_found', `There is no profile with id “${id}”.`, {
    hint: 'It may have been deleted; reload the profile list.',
  });
}

function invalid(message: string, hint?: string): AppFailure {
  return new AppFailure('invalid_input', message, hint === undefined ? {} : { hint });
}

function validateHeaders(vendorKeyHeader: string, extraHeaders: Record<string, string>): void {
  if (!HEADER_NAME_PATTERN.test(vendorKeyHeader)) {
    throw invalid(
      `“${vendorKeyHeader}” is not a valid header name.`,
      'Use letters, digits and dashes, e.g. x-vendor-api-key.',
    );
  }
  if (FIXED_HEADERS.has(vendorKeyHeader.toLowerCase())) {
    throw invalid(
      `“${vendorKeyHeader}” cannot carry the /v1beta key.`,
      'Use x-vendor-api-key or x-goog-api-key.',
    );
  }
  for (const [name, value] of Object.entries(extraHeaders)) {
    if (!HEADER_NAME_PATTERN.test(name)) throw invalid(`“${name}” is not a valid header name.`);
    const lower = name.toLowerCase();
    if (FIXED_HEADERS.has(lower) || KEY_HEADERS.has(lower) || lower === vendorKeyHeader.toLowerCase()) {
      throw invalid(`The header “${name}” is set by Gateway Studio itself and cannot be overridden.`);
    }
    // The contract's rule, so the form says the same before Save.
    const problem = headerValueProblem(name, value);
    if (problem !== null) throw invalid(problem);
  }
}

function validateKey(apiKey: string): string {
  const key = apiKey.trim();
  // The contract's rule: the form checks the same before sending, main is the one that must refuse.
  const problem = apiKeyProblem(key);
  if (problem !== null) throw invalid(problem, 'Paste the key alone.');
  return key;
}

export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const notices: Notice[] = [];
  const store = openStore(options, notices);
  const { secretBox } = options;
  const now = () => (options.now?.() ?? new Date()).toISOString();

  if (store.get('version') === undefined) store.set('version', FORMAT_VERSION);

  const profiles = (): StoredProfile[] => {
    const parsed = z.array(storedProfileSchema).safeParse(store.get('profiles') ?? []);
    return parsed.success ? parsed.data : [];
  };
  const saveProfiles = (list: StoredProfile[]) => store.set('profiles', list);
  const activeId = (): string | null => {
    const id = store.get('activeProfileId');
    const list = profiles();
    if (typeof id === 'string' && list.some((p) => p.id === id)) return id;
    return list[0]?.id ?? null;
  };
  const plaintextConsent = () => store.get('plaintextConsent') === true;

  const find = (id: string): StoredProfile => {
    const profile = profiles().find((p) => p.id === id);
    if (!profile) throw notFound(id);
    return profile;
  };

  const view = (p: StoredProfile): ProfileView => ({
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    vendorKeyHeader: p.vendorKeyHeader,
    extraHeaders: { ...p.extraHeaders },
    uploadLimitMb: p.uploadLimitMb,
    hasKey: p.keyCipher !== null,
    keyTail: p.keyTail,
    keyStorage: p.keyStorage,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  });

  const state = (): SettingsState => ({
    profiles: profiles().map(view),
    activeProfileId: activeId(),
    encryption: { backend: secretBox.backend(), plaintextConsent: plaintextConsent() },
    notices: [...notices],
  });

  /** Validated, normalised editable fields (throws `invalid_input` with a readable message). */
  const cleanFields = (fields: ProfileFields) => {
    const name = fields.name.trim();
    if (!name) throw invalid('The profile needs a name.');
    if (name.length > MAX_PROFILE_NAME_LENGTH) {
      throw invalid(`Keep the name under ${MAX_PROFILE_NAME_LENGTH} characters.`);
    }
    const { url, warnings } = normaliseBaseUrl(fields.baseUrl);
    const vendorKeyHeader = (fields.vendorKeyHeader ?? DEFAULT_VENDOR_KEY_HEADER).trim();
    const extraHeaders = Object.fromEntries(
      Object.entries(fields.extraHeaders ?? {}).map(([k, v]) => [k.trim(), v.trim()] as const),
    );
    validateHeaders(vendorKeyHeader, extraHeaders);
    const uploadLimitMb = fields.uploadLimitMb ?? DEFAULT_UPLOAD_LIMIT_MB;
    if (!(uploadLimitMb > 0 && uploadLimitMb <= MAX_UPLOAD_LIMIT_MB)) {
      throw invalid(`The upload limit must be between 1 and ${MAX_UPLOAD_LIMIT_MB} MB.`);
    }
    return { values: { name, baseUrl: url, vendorKeyHeader, extraHeaders, uploadLimitMb }, warnings };
  };

  /** Encrypts a key, or explains why it cannot be stored yet. Nothing is written before this passes. */
  const sealKey = (apiKey: string): Pick<StoredProfile, 'keyCipher' | 'keyStorage' | 'keyTail'> => {
    const key = validateKey(apiKey);
    const backend = secretBox.backend();
    if (backend === 'unavailable') {
      throw new AppFailure(
        'encryption_unavailable',
        'This system offers no way to encrypt the key, so it was not stored.',
        {
          hint: 'Install or unlock a keyring (for example GNOME Keyring or KWallet), then try again.',
        },
      );
    }
    if (backend === 'basic_text' && !plaintextConsent()) {
      throw new AppFailure(
        'plaintext_consent_required',
        'Your system offers no keychain, so the key could only be stored obfuscated, not encrypted.',
        { hint: 'Agree to store keys this way, or set up a keyring and restart the app.' },
      );
    }
    const storage: KeyStorage = backend;
    return { keyCipher: secretBox.encrypt(key), keyStorage: storage, keyTail: key.slice(-4) };
  };

  const replace = (updated: StoredProfile) =>
    saveProfiles(profiles().map((p) => (p.id === updated.id ? updated : p)));

  const saved = (profile: StoredProfile, warnings: string[] = []): ProfileSaved => ({
    profile: view(profile),
    warnings,
    state: state(),
  });

  const uniqueName = (base: string) => {
    const names = new Set(profiles().map((p) => p.name));
    if (!names.has(base)) return base;
    for (let n = 2; ; n++) if (!names.has(`${base} ${n}`)) return `${base} ${n}`;
  };

  return {
    state,

    createProfile(input) {
      const { values, warnings } = cleanFields(input);
      const key = input.apiKey?.trim()
        ? sealKey(input.apiKey)
        : { keyCipher: null, keyStorage: null, keyTail: null };
      const stamp = now();
      const profile: StoredProfile = {
        id: randomUUID(),
        ...values,
        ...key,
        createdAt: stamp,
        updatedAt: stamp,
      };
      saveProfiles([...profiles(), profile]);
      // The first profile (or the first after the active one vanished) becomes the active one.
      if (store.get('activeProfileId') === undefined) store.set('activeProfileId', profile.id);
      return saved(profile, warnings);
    },

    updateProfile(id, fields) {
      const current = find(id);
      const { values, warnings } = cleanFields(fields);
      let updated: StoredProfile = { ...current, ...values, updatedAt: now() };
      // A key belongs to the gateway it was entered for. Moving a profile to another host drops it, so
      // no edit (nor a compromised page) can send a stored key to a server of its choosing.
      if (current.keyCipher !== null && new URL(values.baseUrl).origin !== new URL(current.baseUrl).origin) {
        updated = { ...updated, keyCipher: null, keyStorage: null, keyTail: null };
        warnings.push(
          `The key was removed because the gateway address changed. Enter the key for ${values.baseUrl}.`,
        );
      }
      replace(updated);
      return saved(updated, warnings);
    },

    duplicateProfile(id) {
      const source = find(id);
      const stamp = now();
      const copy: StoredProfile = {
        ...source,
        extraHeaders: { ...source.extraHeaders },
        id: randomUUID(),
        name: uniqueName(`${source.name} copy`),
        createdAt: stamp,
        updatedAt: stamp,
      };
      saveProfiles([...profiles(), copy]);
      return saved(copy);
    },

    deleteProfile(id) {
      find(id);
      const wasActive = activeId() === id;
      saveProfiles(profiles().filter((p) => p.id !== id));
      if (wasActive) {
        const next = profiles()[0]?.id ?? null;
        if (next === null) store.delete('activeProfileId');
        else store.set('activeProfileId', next);
      }
      return state();
    },

    setActive(id) {
      find(id);
      store.set('activeProfileId', id);
      return state();
    },

    setKey(id, apiKey) {
      const current = find(id);
      const updated = { ...current, ...sealKey(apiKey), updatedAt: now() };
      replace(updated);
      return saved(updated);
    },

    removeKey(id) {
      const current = find(id);
      const updated: StoredProfile = {
        ...current,
        keyCipher: null,
        keyStorage: null,
        keyTail: null,
        updatedAt: now(),
      };
      replace(updated);
      return saved(updated);
    },

    setPlaintextConsent(allow) {
      store.set('plaintextConsent', allow);
      return state();
    },

    dismissNotice(id) {
      const index = notices.findIndex((n) => n.id === id);
      if (index >= 0) notices.splice(index, 1);
      return state();
    },

    credentials(profileId) {
      const id = profileId ?? activeId();
      if (id === null) {
        throw new AppFailure('no_profile', 'No gateway profile is set up yet.', {
          hint: 'Open Settings and add your gateway’s address and key.',
        });
      }
      const profile = find(id);
      if (profile.keyCipher === null) {
        throw new AppFailure('no_key', `The profile “${profile.name}” has no API key.`, {
          hint: 'Open Settings and enter the key for this profile.',
        });
      }
      let apiKey: string;
      try {
        apiKey = secretBox.decrypt(profile.keyCipher);
      } catch {
        throw new AppFailure('no_key', `The key of “${profile.name}” could not be decrypted.`, {
          hint: 'The system keychain may have changed. Enter the key again in Settings.',
        });
      }
      // A key or header value stored before these rules existed would fail while the request is built,
      // where the error no longer says which field to fix: say it here, before any call.
      const keyProblem = apiKeyProblem(apiKey);
      if (keyProblem !== null) {
        throw new AppFailure('no_key', `The stored key of “${profile.name}” cannot be sent. ${keyProblem}`, {
          hint: 'Open Settings and enter the key for this profile again.',
        });
      }
      for (const [name, value] of Object.entries(profile.extraHeaders)) {
        const headerProblem = headerValueProblem(name, value);
        if (headerProblem !== null) {
          throw invalid(
            `The profile “${profile.name}” cannot be used. ${headerProblem}`,
            'Correct it in Settings.',
          );
        }
      }
      return { profile: view(profile), apiKey };
    },
  };
}
