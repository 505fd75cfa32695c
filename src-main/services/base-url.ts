// A gateway base URL as users paste it (often with a trailing slash or `/v1`) turned into the one
// form the gateway client expects: scheme, host, optional path prefix, no trailing slash, no version.
import { AppFailure } from '../app-failure.ts';
import { t } from '../i18n/index.ts';

export interface NormalisedBaseUrl {
  url: string;
  warnings: string[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.startsWith('127.') || hostname.endsWith('.localhost');
}

export function normaliseBaseUrl(input: string): NormalisedBaseUrl {
  const text = input.trim();
  const invalid = (message: string) =>
    new AppFailure('invalid_input', message, {
      hint: t('errors.baseUrl.hint'),
    });
  if (!text) throw invalid(t('errors.baseUrl.empty'));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(t('errors.baseUrl.invalid', { url: text }));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid(t('errors.baseUrl.scheme'));
  }
  if (url.username || url.password) throw invalid(t('errors.baseUrl.credentials'));
  if (url.search || url.hash) throw invalid(t('errors.baseUrl.query'));

  // Strip trailing slashes and a trailing API version: the client adds /v1 and /v1beta itself.
  let path = url.pathname.replace(/\/+$/, '');
  path = path.replace(/\/v1(beta)?$/i, '').replace(/\/+$/, '');
  const normalised = `${url.protocol}//${url.host}${path}`;

  const warnings: string[] = [];
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
    warnings.push(t('errors.baseUrl.plainHttp', { host: url.hostname }));
  }
  return { url: normalised, warnings };
}
