// Gateway profiles and their keys. Keys and extra-header values are stored only as ciphertext (SecretBox);
// the renderer gets ProfileView (hasKey + last four characters; header names + a value tail). The gateway
// layer asks `credentials()` for the key and the header values.
import { randomUUID } from 'node:crypto';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_UPLOAD_LIMIT_MB,
  DEFAULT_VENDOR_KEY_HEADER,
  GOOGLE_KEY_HEADER,
  type KeptHeaderValue,
  type KeyStorage,
  type Notice,
  type ProfileFields,
  type ProfileSaved,
  type ProfileView,
  type SettingsState,
} from '../../src-preload/contract.ts';
import {
  apiKeyProblem,
  HEADER_NAME_PATTERN,
  headerValueProblem,
  MAX_PROFILE_NAME_LENGTH,
  MAX_UPLOAD_LIMIT_MB,
} from '../../src-preload/profile-field-rules.ts';
import { AppFailure } from '../app-failure.ts';
import { isRecord } from '../gateway/json.ts';
import { sayFieldRule, t } from '../i18n/index.ts';
import {
  applyProxyEdit,
  type ProxyRoute,
  proxyPassword,
  proxyRoute,
  proxyView,
  SYSTEM_PROXY,
  storedProxySchema,
} from '../network/proxy-setting.ts';
import { normaliseBaseUrl } from './base-url.ts';
import {
  editHeaders,
  type HeaderSealer,
  headerViews,
  isScrubbedHeader,
  openHeaders,
  sealClearHeaders,
  sealedHeaderSchema,
  withoutKeptValues,
} from './sealed-headers.ts';
import type { SecretBox } from './secret-box.ts';
import type { SettingsStore, SettingsStoreFactory } from './settings-store.ts';
import { readStoredTextSync, tooLargeProblem } from './stored-file.ts';

const SETTINGS_FILE = 'settings';
/**
 * 1: header values in clear (`extraHeaders`). 2: header values sealed (`sealedHeaders`). A build of
 * version 1 keeps a file of version 2 read-only instead of saving it without the sealed headers.
 */
export const FORMAT_VERSION = 2;
/**
 * The largest settings file read. A profile at the IPC schemas' limits (50 extra headers of 200 + 8,000
 * characters, an 8,192-character key sealed, a 2,000-character address) is under 0.5 MB as JSON, so this
 * holds a dozen such extreme profiles and thousands of ordinary ones, while a file far beyond it (which
 * the app never writes) no longer stalls the start and is not sent to the window whole.
 */
export const MAX_SETTINGS_BYTES = 8 * 1024 * 1024;

/** A file over the limit, told apart from bad JSON in the same `catch`. */
class TooLarge extends Error {}

const storedProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  vendorKeyHeader: z.string(),
  /** Header values in clear, awaiting sealing (see `StoredHeaders`); always written, for older builds. */
  extraHeaders: z.record(z.string(), z.string()).default({}),
  sealedHeaders: z.array(sealedHeaderSchema).default([]),
  uploadLimitMb: z.number(),
  /** How calls reach the gateway (network/proxy-setting.ts); a profile of an older build uses the system's. */
  proxy: storedProxySchema.default(() => ({ ...SYSTEM_PROXY })),
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
  /** The profile's proxy setting, its sign-in decrypted. */
  proxy: ProxyRoute;
  /** The extra headers to send, values decrypted. */
  extraHeaders: Record<string, string>;
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
  /**
   * Main only: a notice from another store (a damaged file moved aside, a file of a newer build). The
   * settings state is where the window shows notices, so every store reports through it. Same id: kept once.
   */
  addNotice(notice: Notice): void;
  /** Main only: the profile (active one by default) with its decrypted key and header values. */
  credentials(profileId?: string): Credentials;
  /**
   * Main only: every secret the profiles hold in clear (each decrypted API key and every extra-header
   * value, non-empty), so the secret scrubber can keep all of them out of what reaches the window or disk.
   */
  secretValues(): string[];
}

export interface SettingsServiceOptions {
  directory: string;
  secretBox: SecretBox;
  createStore: SettingsStoreFactory;
  now?: () => Date;
  /** The largest settings file read (`MAX_SETTINGS_BYTES`); a larger one is set aside. Tests pass less. */
  maxFileBytes?: number;
}

/** Why every change is refused while the settings file belongs to a newer build. */
function newerSettings(): AppFailure {
  return new AppFailure('file_error', t('errors.settings.newer'), { hint: t('errors.settings.newerHint') });
}

/**
 * The settings of a file from a newer build, in memory, read-only.
 *
 * What a user expects after opening an older build (a downgrade, or an older copy on a shared folder): their
 * profiles and keys are still there when they go back to the newer build. So the file is never moved aside
 * (that made the profiles vanish) nor saved over (that dropped every field this build does not know). The
 * profiles this build can read in full are shown and can be used, since using one only reads the file; one
 * it cannot read in full is left out rather than shown half. Every change is refused with the reason,
 * rather than kept in memory for this run only: a change that looks saved but is gone at the next start
 * would be worse than a clear "update to change this". No conf / electron-store is opened on the file at
 * all, since a store writes on its own (the service stamps a missing format version, for one).
 */
function readOnlyStore(path: string, raw: Record<string, unknown>): SettingsStore {
  const profiles = Array.isArray(raw.profiles)
    ? raw.profiles.flatMap((item: unknown) => {
        const parsed = storedProfileSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      })
    : [];
  const values: Record<string, unknown> = {
    version: raw.version,
    profiles,
    activeProfileId: typeof raw.activeProfileId === 'string' ? raw.activeProfileId : undefined,
    plaintextConsent: raw.plaintextConsent === true,
  };
  return {
    path,
    get: (key) => structuredClone(values[key]),
    set: () => {
      throw newerSettings();
    },
    delete: () => {
      throw newerSettings();
    },
  };
}

/**
 * Opens the settings file. A file that is not valid JSON, or not in our shape, is moved aside and
 * reported: the app starts with defaults rather than refusing to start. A file of a newer build is left
 * untouched and opened read-only (see `readOnlyStore`).
 */
function openStore(options: SettingsServiceOptions, notices: Notice[]): SettingsStore {
  const path = join(options.directory, `${SETTINGS_FILE}.json`);
  const stored = readStoredTextSync(path, options.maxFileBytes ?? MAX_SETTINGS_BYTES);
  if (stored.kind !== 'missing') {
    let problem: string | null = null;
    try {
      if (stored.kind === 'oversized') throw new TooLarge(tooLargeProblem(stored.size, stored.limit));
      const raw: unknown = JSON.parse(stored.text);
      // Judged before the shape: a newer build may have changed the shape, which is no damage.
      if (isRecord(raw) && typeof raw.version === 'number' && raw.version > FORMAT_VERSION) {
        notices.push({
          id: 'newer-settings',
          level: 'warning',
          message: `Your settings file was saved by a newer version of Gateway Studio, so this version left it untouched: the profiles it can read are shown, but changes to settings cannot be saved until you update the app. The file is ${path}.`,
        });
        return readOnlyStore(path, raw);
      }
      const parsed = storedSettingsSchema.safeParse(raw);
      if (!parsed.success) problem = 'it is not in the expected format';
    } catch (error) {
      problem = error instanceof TooLarge ? error.message : 'it is not valid JSON';
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
  return new AppFailure('not_found', t('errors.settings.noSuchProfile', { id }), {
    hint: t('errors.settings.noSuchProfileHint'),
  });
}

function invalid(message: string, hint?: string): AppFailure {
  return new AppFailure('invalid_input', message, hint === undefined ? {} : { hint });
}

/** Checks the key header and the extra headers' names, and the values that are new (kept ones were checked). */
function validateHeaders(
  vendorKeyHeader: string,
  extraHeaders: Record<string, string | KeptHeaderValue>,
): void {
  if (!HEADER_NAME_PATTERN.test(vendorKeyHeader)) {
    throw invalid(
      t('errors.settings.badHeaderName', { name: vendorKeyHeader }),
      t('errors.settings.badKeyHeaderHint'),
    );
  }
  if (FIXED_HEADERS.has(vendorKeyHeader.toLowerCase())) {
    throw invalid(
      t('errors.settings.fixedKeyHeader', { name: vendorKeyHeader }),
      t('errors.settings.fixedKeyHeaderHint'),
    );
  }
  for (const [name, value] of Object.entries(extraHeaders)) {
    if (!HEADER_NAME_PATTERN.test(name)) throw invalid(t('errors.settings.badHeaderName', { name }));
    const lower = name.toLowerCase();
    if (FIXED_HEADERS.has(lower) || KEY_HEADERS.has(lower) || lower === vendorKeyHeader.toLowerCase()) {
      throw invalid(t('errors.settings.fixedHeader', { name }));
    }
    // The contract's rule, so the form says the same before Save.
    const problem = typeof value === 'string' ? headerValueProblem(name, value, sayFieldRule) : null;
    if (problem !== null) throw invalid(problem);
  }
}

function validateKey(apiKey: string): string {
  const key = apiKey.trim();
  // The contract's rule: the form checks the same before sending, main is the one that must refuse.
  const problem = apiKeyProblem(key, sayFieldRule);
  if (problem !== null) throw invalid(problem, t('errors.settings.pasteKeyAlone'));
  return key;
}

export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const notices: Notice[] = [];
  const store = openStore(options, notices);
  const { secretBox } = options;
  const now = () => (options.now?.() ?? new Date()).toISOString();

  // A file of a newer build is read-only (`readOnlyStore`); anything else is brought to this version.
  const storedVersion = store.get('version');
  const isOwnFormat = typeof storedVersion !== 'number' || storedVersion <= FORMAT_VERSION;

  const profiles = (): StoredProfile[] => {
    const parsed = z.array(storedProfileSchema).safeParse(store.get('profiles') ?? []);
    return parsed.success ? parsed.data : [];
  };
  /** Decrypted secrets for the scrubber, which asks often; rebuilt after any change to the profiles. */
  let knownSecrets: string[] | null = null;
  const saveProfiles = (list: StoredProfile[]) => {
    knownSecrets = null;
    store.set('profiles', list);
  };
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
    extraHeaders: headerViews(p),
    uploadLimitMb: p.uploadLimitMb,
    proxy: proxyView(p.proxy),
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
    if (!name) throw invalid(t('errors.settings.needsName'));
    if (name.length > MAX_PROFILE_NAME_LENGTH) {
      throw invalid(t('errors.settings.nameTooLong', { max: MAX_PROFILE_NAME_LENGTH }));
    }
    const { url, warnings } = normaliseBaseUrl(fields.baseUrl);
    const vendorKeyHeader = (fields.vendorKeyHeader ?? DEFAULT_VENDOR_KEY_HEADER).trim();
    const extraHeaders = Object.fromEntries(
      Object.entries(fields.extraHeaders ?? {}).map(
        ([k, v]) => [k.trim(), typeof v === 'string' ? v.trim() : v] as const,
      ),
    );
    validateHeaders(vendorKeyHeader, extraHeaders);
    const uploadLimitMb = fields.uploadLimitMb ?? DEFAULT_UPLOAD_LIMIT_MB;
    if (!(uploadLimitMb > 0 && uploadLimitMb <= MAX_UPLOAD_LIMIT_MB)) {
      throw invalid(t('errors.settings.uploadLimit', { max: MAX_UPLOAD_LIMIT_MB }));
    }
    return { values: { name, baseUrl: url, vendorKeyHeader, extraHeaders, uploadLimitMb }, warnings };
  };

  /**
   * The backend a secret may be sealed with now, or the reason none may (`what` names the secret in the
   * message). Keys and header values follow the same rules. Nothing is written before this passes.
   */
  const sealingBackend = (what: string): KeyStorage => {
    const backend = secretBox.backend();
    if (backend === 'unavailable') {
      throw new AppFailure('encryption_unavailable', t('errors.settings.noEncryption', { what }), {
        hint: t('errors.settings.noEncryptionHint'),
      });
    }
    if (backend === 'basic_text' && !plaintextConsent()) {
      throw new AppFailure('plaintext_consent_required', t('errors.settings.plaintextOnly', { what }), {
        hint: t('errors.settings.plaintextOnlyHint'),
      });
    }
    return backend;
  };

  /** Encrypts a key, or explains why it cannot be stored yet. */
  const sealKey = (apiKey: string): Pick<StoredProfile, 'keyCipher' | 'keyStorage' | 'keyTail'> => {
    const key = validateKey(apiKey);
    const storage = sealingBackend(t('errors.settings.what.key'));
    return { keyCipher: secretBox.encrypt(key), keyStorage: storage, keyTail: key.slice(-4) };
  };

  const headerSealer: HeaderSealer = {
    canSeal() {
      try {
        sealingBackend(t('errors.settings.what.headerValues'));
        return true;
      } catch {
        return false;
      }
    },
    seal(value) {
      const storage = sealingBackend(t('errors.settings.what.extraHeaderValues'));
      return { cipher: secretBox.encrypt(value), storage };
    },
  };

  /**
   * Seals every header value still in clear, where it can be sealed now. Never throws: a keychain that
   * refuses leaves the values as they were (usable, and sealed at a later chance), which is no reason to
   * fail the start or the consent that asked for it.
   */
  const sealClearValues = (): void => {
    try {
      let changed = false;
      const list = profiles().map((p) => {
        const sealed = sealClearHeaders(p, headerSealer);
        if (sealed === null) return p;
        changed = true;
        return { ...p, ...sealed };
      });
      if (changed) saveProfiles(list);
    } catch {
      // Left in clear, as above.
    }
  };

  /** A profile's header values, decrypted; a value that cannot be decrypted names its header. */
  const headerValues = (profile: StoredProfile): Record<string, string> =>
    openHeaders(profile, (header) => {
      try {
        return secretBox.decrypt(header.cipher);
      } catch {
        throw new AppFailure(
          'no_key',
          t('errors.settings.headerUndecryptable', { header: header.name, profile: profile.name }),
          { hint: t('errors.settings.headerUndecryptableHint') },
        );
      }
    });

  if (isOwnFormat) {
    // Values an older build stored in clear are sealed now (or at the first moment they can be).
    sealClearValues();
    if (storedVersion !== FORMAT_VERSION) store.set('version', FORMAT_VERSION);
  }

  /** Seals a proxy sign-in under the same rules as a key (network/proxy-setting.ts). */
  const sealProxySignIn = (clear: string) => {
    sealingBackend(t('errors.settings.what.proxySignIn'));
    return secretBox.encrypt(clear);
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
      const headers = editHeaders(null, values.extraHeaders, headerSealer);
      const { proxy } = applyProxyEdit(SYSTEM_PROXY, input.proxy, sealProxySignIn);
      const stamp = now();
      const profile: StoredProfile = {
        id: randomUUID(),
        ...values,
        ...headers,
        proxy,
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
      const movedHost = new URL(values.baseUrl).origin !== new URL(current.baseUrl).origin;
      const proxyEdit = applyProxyEdit(current.proxy, fields.proxy, sealProxySignIn);
      // A new manual proxy in front of a plain-http gateway reads every request in clear.
      const newProxyReads =
        proxyEdit.addressChanged &&
        proxyEdit.proxy.mode === 'manual' &&
        new URL(values.baseUrl).protocol === 'http:';
      // Stored secrets stay with the route they were entered for: the key (below) and the header values.
      const headerEdit =
        movedHost || newProxyReads
          ? withoutKeptValues(values.extraHeaders)
          : { edit: values.extraHeaders, dropped: [] };
      const headers = editHeaders(current, headerEdit.edit, headerSealer);
      let updated: StoredProfile = {
        ...current,
        ...values,
        ...headers,
        proxy: proxyEdit.proxy,
        updatedAt: now(),
      };
      // A key belongs to the gateway it was entered for. Moving a profile to another host drops it, so
      // no edit (nor a compromised page) can send a stored key to a server of its choosing.
      if (current.keyCipher !== null && movedHost) {
        updated = { ...updated, keyCipher: null, keyStorage: null, keyTail: null };
        warnings.push(t('errors.settings.keyDroppedMoved', { url: values.baseUrl }));
      } else if (updated.keyCipher !== null && newProxyReads) {
        updated = { ...updated, keyCipher: null, keyStorage: null, keyTail: null };
        warnings.push(t('errors.settings.keyDroppedProxy'));
      }
      if (headerEdit.dropped.length > 0) {
        const names = headerEdit.dropped.map((name) => `“${name}”`).join(', ');
        warnings.push(
          movedHost
            ? t('errors.settings.headersDroppedMoved', { names, url: values.baseUrl })
            : t('errors.settings.headersDroppedProxy', { names }),
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
        sealedHeaders: source.sealedHeaders.map((header) => ({ ...header })),
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
      // Consent is what clear header values of an older build were waiting for.
      if (allow) sealClearValues();
      return state();
    },

    dismissNotice(id) {
      const index = notices.findIndex((n) => n.id === id);
      if (index >= 0) notices.splice(index, 1);
      return state();
    },

    addNotice(notice) {
      if (!notices.some((n) => n.id === notice.id)) notices.push(notice);
    },

    credentials(profileId) {
      const id = profileId ?? activeId();
      if (id === null) {
        throw new AppFailure('no_profile', t('errors.settings.noProfile'), {
          hint: t('errors.settings.noProfileHint'),
        });
      }
      const profile = find(id);
      if (profile.keyCipher === null) {
        throw new AppFailure('no_key', t('errors.settings.noKey', { profile: profile.name }), {
          hint: t('errors.settings.noKeyHint'),
        });
      }
      let apiKey: string;
      try {
        apiKey = secretBox.decrypt(profile.keyCipher);
      } catch {
        throw new AppFailure('no_key', t('errors.settings.keyUndecryptable', { profile: profile.name }), {
          hint: t('errors.settings.keyUndecryptableHint'),
        });
      }
      // A key or header value stored before these rules existed would fail while the request is built,
      // where the error no longer says which field to fix: say it here, before any call.
      const keyProblem = apiKeyProblem(apiKey, sayFieldRule);
      if (keyProblem !== null) {
        throw new AppFailure(
          'no_key',
          t('errors.settings.keyUnsendable', { profile: profile.name, problem: keyProblem }),
          {
            hint: t('errors.settings.keyUnsendableHint'),
          },
        );
      }
      const extraHeaders = headerValues(profile);
      for (const [name, value] of Object.entries(extraHeaders)) {
        const headerProblem = headerValueProblem(name, value, sayFieldRule);
        if (headerProblem !== null) {
          throw invalid(
            t('errors.settings.profileUnusable', { profile: profile.name, problem: headerProblem }),
            t('errors.settings.profileUnusableHint'),
          );
        }
      }
      return { profile: view(profile), apiKey, proxy: proxyRoute(profile.proxy, secretBox), extraHeaders };
    },

    secretValues() {
      if (knownSecrets !== null) return [...knownSecrets];
      const secrets = new Set<string>();
      for (const profile of profiles()) {
        if (profile.keyCipher !== null) {
          try {
            secrets.add(secretBox.decrypt(profile.keyCipher));
          } catch {
            // A key the keychain can no longer open cannot be sent either, so there is nothing to scrub.
          }
        }
        const proxySecret = proxyPassword(profile.proxy, secretBox);
        if (proxySecret !== undefined) secrets.add(proxySecret);
        // Only the header values that are credentials: a public one (`X-Title: Gateway Studio`) also
        // appears in ordinary text and files, which scrubbing it would corrupt (sealed-headers.ts).
        for (const [name, value] of Object.entries(profile.extraHeaders))
          if (isScrubbedHeader(name, value)) secrets.add(value);
        for (const header of profile.sealedHeaders) {
          if (header.cipher === null) continue;
          try {
            const value = secretBox.decrypt(header.cipher);
            if (isScrubbedHeader(header.name, value)) secrets.add(value);
          } catch {
            // As for a key: a value that cannot be decrypted is never sent.
          }
        }
      }
      secrets.delete('');
      knownSecrets = [...secrets];
      return [...knownSecrets];
    },
  };
}
