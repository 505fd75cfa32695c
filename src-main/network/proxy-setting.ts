// A profile's proxy setting: how it is stored, what the window may see of it, and how an edit is checked.
// The sign-in (user name and password) is sealed with the same SecretBox as the key, so settings.json
// holds no proxy credential in clear and the window never receives one.
import { z } from 'zod';
import type { ProxyFields, ProxyView } from '../../src-preload/contract.ts';
import { proxyUrlProblem } from '../../src-preload/profile-field-rules.ts';
import { AppFailure } from '../app-failure.ts';
import { sayFieldRule, t } from '../i18n/index.ts';
import type { SecretBox } from '../services/secret-box.ts';

export const storedProxySchema = z.object({
  mode: z.enum(['system', 'none', 'manual']),
  url: z.string().nullable(),
  /** `{ username, password }` as JSON, sealed by the SecretBox; `null` when no sign-in is stored. */
  credentialsCipher: z.string().nullable(),
});
export type StoredProxy = z.infer<typeof storedProxySchema>;

/** A profile saved before proxies existed uses the system's, as every new profile does. */
export const SYSTEM_PROXY: StoredProxy = { mode: 'system', url: null, credentialsCipher: null };

/** What main needs to route a call: the setting with its sign-in in clear. Never leaves main. */
export type ProxyRoute =
  | { mode: 'system' }
  | { mode: 'none' }
  | { mode: 'manual'; url: string; username?: string; password?: string };

const credentialsSchema = z.object({ username: z.string(), password: z.string() });

export function proxyView(stored: StoredProxy): ProxyView {
  return {
    mode: stored.mode,
    url: stored.mode === 'manual' ? stored.url : null,
    hasCredentials: stored.credentialsCipher !== null,
  };
}

function invalid(message: string): AppFailure {
  return new AppFailure('invalid_input', message, { hint: t('errors.proxy.correctIt') });
}

/**
 * Visible ASCII only: a sign-in travels in a `Proxy-Authorization` header (or a SOCKS5 handshake), which
 * takes bytes, not text. A ':' in the user name would end it early in Basic authentication (RFC 7617 §2).
 */
function credentialProblem(username: string, password: string): string | null {
  if (username === '') return t('errors.proxy.noUserName');
  if (!/^[\x21-\x7e]+$/.test(username) || username.includes(':')) {
    return t('errors.proxy.userNameChars');
  }
  if (!/^[\x20-\x7e]*$/.test(password)) {
    return t('errors.proxy.passwordChars');
  }
  // SOCKS5 sends each in one length byte (RFC 1929 §2); no real sign-in is near that.
  if (username.length > 255 || password.length > 255) return t('errors.proxy.tooLong');
  return null;
}

export interface ProxyEdit {
  proxy: StoredProxy;
  /** The manual proxy now points somewhere else than before (a different scheme, host or port). */
  addressChanged: boolean;
}

/**
 * Applies an edit to the stored setting. `seal` encrypts a new sign-in (or throws why it cannot be stored).
 * A sign-in belongs to the proxy it was entered for: pointing the profile at another proxy drops it unless
 * the same edit brings a new one, so no edit (nor a compromised page) can send it to a server of its choosing.
 */
export function applyProxyEdit(
  current: StoredProxy,
  fields: ProxyFields | undefined,
  seal: (clear: string) => string,
): ProxyEdit {
  if (fields === undefined) return { proxy: current, addressChanged: false };
  if (fields.mode !== 'manual') {
    // A sign-in is only ever used with a manual proxy; one left behind would be a secret kept for nothing.
    return {
      proxy: { mode: fields.mode, url: null, credentialsCipher: null },
      addressChanged: current.mode === 'manual',
    };
  }
  const url = (fields.url ?? '').trim();
  const problem = proxyUrlProblem(url, sayFieldRule);
  if (problem !== null) throw invalid(problem);
  // `origin` of a non-special scheme (socks5:) is "null", so the address is compared by its parts.
  const parsed = new URL(url);
  const address = `${parsed.protocol}//${parsed.host}`;
  const before = current.mode === 'manual' && current.url !== null ? new URL(current.url) : null;
  const addressChanged = before === null || `${before.protocol}//${before.host}` !== address;
  let credentialsCipher = addressChanged ? null : current.credentialsCipher;
  if (fields.credentials === null) credentialsCipher = null;
  else if (fields.credentials !== undefined) {
    const username = fields.credentials.username.trim();
    const { password } = fields.credentials;
    const credentialIssue = credentialProblem(username, password);
    if (credentialIssue !== null) throw invalid(credentialIssue);
    credentialsCipher = seal(JSON.stringify({ username, password }));
  }
  return { proxy: { mode: 'manual', url: address, credentialsCipher }, addressChanged };
}

/** The setting as main routes with it, the sign-in decrypted. */
export function proxyRoute(stored: StoredProxy, secretBox: SecretBox): ProxyRoute {
  if (stored.mode !== 'manual' || stored.url === null)
    return { mode: stored.mode === 'none' ? 'none' : 'system' };
  if (stored.credentialsCipher === null) return { mode: 'manual', url: stored.url };
  let credentials: z.infer<typeof credentialsSchema>;
  try {
    credentials = credentialsSchema.parse(JSON.parse(secretBox.decrypt(stored.credentialsCipher)));
  } catch {
    throw new AppFailure('no_key', t('errors.proxy.undecryptable'), {
      hint: t('errors.proxy.undecryptableHint'),
    });
  }
  return { mode: 'manual', url: stored.url, ...credentials };
}

/** The proxy password in clear, for the secret scrubber (`undefined` when none is stored or it cannot be read). */
export function proxyPassword(stored: StoredProxy, secretBox: SecretBox): string | undefined {
  try {
    const route = proxyRoute(stored, secretBox);
    return route.mode === 'manual' && route.password ? route.password : undefined;
  } catch {
    return undefined;
  }
}
