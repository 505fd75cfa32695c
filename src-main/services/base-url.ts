// A gateway base URL as users paste it (often with a trailing slash or `/v1`) turned into the one
// form the gateway client expects: scheme, host, optional path prefix, no trailing slash, no version.
import { AppFailure } from '../app-failure.ts';

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
      hint: 'Enter the address of your gateway, for example https://gateway.example.com',
    });
  if (!text) throw invalid('The base URL is empty.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`“${text}” is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid('The base URL must start with https:// or http://.');
  }
  if (url.username || url.password) throw invalid('Put the key in the API key field, not in the URL.');
  if (url.search || url.hash) throw invalid('The base URL cannot contain a query (?…) or a fragment (#…).');

  // Strip trailing slashes and a trailing API version: the client adds /v1 and /v1beta itself.
  let path = url.pathname.replace(/\/+$/, '');
  path = path.replace(/\/v1(beta)?$/i, '').replace(/\/+$/, '');
  const normalised = `${url.protocol}//${url.host}${path}`;

  const warnings: string[] = [];
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
    warnings.push(
      `Plain http to ${url.hostname} sends your API key unencrypted over the network. Use https unless this host is on a network you trust.`,
    );
  }
  return { url: normalised, warnings };
}
