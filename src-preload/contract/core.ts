// The app itself, settings and profiles, the gateway's catalogue and connection test, links, and stopping a
// stream: the area of src-main/ipc/schemas/core.ts and src-main/ipc/handlers/core.ts.

import type { AppError } from './errors.ts';

// ─── Profiles and settings ───────────────────────────────────────────────────────────────────────

export const DEFAULT_VENDOR_KEY_HEADER = 'x-vendor-api-key';
export const GOOGLE_KEY_HEADER = 'x-goog-api-key';
export const DEFAULT_UPLOAD_LIMIT_MB = 25;

// The rules of a profile's typed fields (name, upload limit, key, extra headers, proxy address) are in
// ../profile-field-rules.ts: only Settings needs them in the window, and this module's code is loaded by
// others too (links in replies, the headers of a new profile).

/** Where a key's ciphertext came from: the OS keychain, or Chromium's basic_text fallback (not secret). */
export type KeyStorage = 'os' | 'basic_text';

/**
 * An extra header as the renderer may know it. Header values are secrets like the key (users put
 * `CF-Access-Client-Secret`, proxy tokens and second keys there): the name, and at most the value's tail.
 */
export interface ExtraHeaderView {
  name: string;
  /** False for a header sent empty. */
  hasValue: boolean;
  /** The value's last four characters, for recognising it; null when the value is too short to show any. */
  valueTail: string | null;
}

/**
 * In an edit, keeps the value stored now under the header `keep` (its name when the form was loaded), so
 * an unchanged (or renamed) header keeps its value without the renderer ever holding it.
 */
export interface KeptHeaderValue {
  keep: string;
}

/** What the renderer may know about a profile. Never the key itself, nor an extra header's value. */
export interface ProfileView {
  id: string;
  name: string;
  baseUrl: string;
  vendorKeyHeader: string;
  extraHeaders: ExtraHeaderView[];
  uploadLimitMb: number;
  /** How this profile's calls reach the gateway; never the proxy's sign-in. */
  proxy: ProxyView;
  hasKey: boolean;
  /** Last four characters of the key, for recognising it. */
  keyTail: string | null;
  keyStorage: KeyStorage | null;
  createdAt: string;
  updatedAt: string;
}

/** The editable fields of a profile. */
export interface ProfileFields {
  name: string;
  baseUrl: string;
  vendorKeyHeader?: string;
  /** Header name → a new value, or the stored value to keep. Headers left out are removed. */
  extraHeaders?: Record<string, string | KeptHeaderValue>;
  uploadLimitMb?: number;
  /** Absent: the profile's proxy setting is kept as it is. */
  proxy?: ProxyFields;
}

// ─── Proxy of a profile ──────────────────────────────────────────────────────────────────────────

/** `system`: the operating system's proxy settings (the default); `none`: always direct; `manual`: `url`. */
export type ProxyMode = 'system' | 'none' | 'manual';

/** What the renderer may know about a profile's proxy: the address, and whether a sign-in is stored. */
export interface ProxyView {
  mode: ProxyMode;
  /** The manual proxy's address, without any sign-in (`null` unless `mode` is `manual`). */
  url: string | null;
  /** A proxy user name and password are stored (encrypted, like the key). */
  hasCredentials: boolean;
}

export interface ProxyFields {
  mode: ProxyMode;
  /** Required for `manual`. */
  url?: string;
  /** Absent: the stored sign-in is kept; `null`: it is removed; an object: it replaces the stored one. */
  credentials?: { username: string; password: string } | null;
}

export interface EncryptionStatus {
  /** `os`: a real keychain; `basic_text`: Chromium's obfuscation only; `unavailable`: nothing at all. */
  backend: 'os' | 'basic_text' | 'unavailable';
  /** The user agreed to store keys with the basic_text backend. */
  plaintextConsent: boolean;
}

/** Something the user should know about from start-up (for example a corrupt settings file moved aside). */
export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface SettingsState {
  profiles: ProfileView[];
  activeProfileId: string | null;
  encryption: EncryptionStatus;
  notices: Notice[];
}

export interface ProfileSaved {
  profile: ProfileView;
  /** Non-blocking remarks, e.g. plain http to a non-local host. */
  warnings: string[];
  state: SettingsState;
}

// ─── Gateway catalogue and connection ────────────────────────────────────────────────────────────

export type ModelFamily = 'responses' | 'compact' | 'chat' | 'content' | 'audio' | 'speech' | 'unknown';

export interface CatalogueModel {
  id: string;
  displayName: string;
  /** Where the model was listed: `/v1/models`, `/v1beta/models`, or both. */
  listedBy: Array<'v1' | 'v1beta'>;
  /** Endpoint formats the model is believed to speak (hints only). */
  families: ModelFamily[];
  inputTokenLimit?: number;
  outputTokenLimit?: number;
}

export interface Catalogue {
  profileId: string;
  models: CatalogueModel[];
  fetchedAt: string;
  /** A family whose listing failed, with why (the other may still have listed models). */
  errors: Partial<Record<'v1' | 'v1beta', AppError>>;
}

export type FamilyCheck =
  | { ok: true; latencyMs: number; modelCount: number }
  | { ok: false; latencyMs: number; error: AppError };

/** How a call reached (or tried to reach) the gateway. `proxy` never carries a sign-in. */
export type ConnectionRoute =
  | { kind: 'direct'; source: 'system' | 'none' | 'environment' }
  | { kind: 'proxy'; proxy: string; source: 'system' | 'manual' | 'environment' };

export interface ConnectionReport {
  v1: FamilyCheck;
  v1beta: FamilyCheck;
  /** The route the test took; `null` when it could not be worked out (the checks then say why). */
  route: ConnectionRoute | null;
}

// ─── Links ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Whether the app may hand `url` to the system browser (DESIGN.md): https only, and never with
 * credentials in it. The one rule for main (which checks every request to open a link) and for replies
 * (untrusted text, where only such links become clickable).
 */
export function isExternalLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

// ─── App ─────────────────────────────────────────────────────────────────────────────────────────

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** The OS's preferred languages, most preferred first (BCP 47): what the language choice `system` means. */
  systemLanguages: string[];
}

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

/** Methods of the app, settings, profiles, the gateway's catalogue, streams and links. */
export interface CoreMethods {
  'app.info': { input: undefined; output: AppInfo };
  'settings.get': { input: undefined; output: SettingsState };
  'settings.dismissNotice': { input: { id: string }; output: SettingsState };
  'settings.setPlaintextConsent': { input: { allow: boolean }; output: SettingsState };
  'profiles.create': { input: ProfileFields & { apiKey?: string }; output: ProfileSaved };
  'profiles.update': { input: { id: string; fields: ProfileFields }; output: ProfileSaved };
  'profiles.duplicate': { input: { id: string }; output: ProfileSaved };
  'profiles.delete': { input: { id: string }; output: SettingsState };
  'profiles.setActive': { input: { id: string }; output: SettingsState };
  'profiles.setKey': { input: { id: string; apiKey: string }; output: ProfileSaved };
  'profiles.removeKey': { input: { id: string }; output: ProfileSaved };
  'gateway.testConnection': { input: { profileId?: string }; output: ConnectionReport };
  'models.list': { input: { profileId?: string; refresh?: boolean }; output: Catalogue };
  'shell.openExternal': { input: { url: string }; output: { opened: boolean } };
  'stream.stop': { input: { streamId: string }; output: { stopped: boolean } };
}

// The runtime list of these methods; the `satisfies` makes it complete and exact.
export const CORE_METHODS = {
  'app.info': true,
  'settings.get': true,
  'settings.dismissNotice': true,
  'settings.setPlaintextConsent': true,
  'profiles.create': true,
  'profiles.update': true,
  'profiles.duplicate': true,
  'profiles.delete': true,
  'profiles.setActive': true,
  'profiles.setKey': true,
  'profiles.removeKey': true,
  'gateway.testConnection': true,
  'models.list': true,
  'shell.openExternal': true,
  'stream.stop': true,
} satisfies Record<keyof CoreMethods, true>;
