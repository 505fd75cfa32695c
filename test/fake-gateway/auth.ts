// Key checks per family: Bearer on /v1, the vendor header on /v1beta. The other family's header is refused
// outright, so a client that leaks the key into the wrong header fails loudly in tests.
import type { IncomingHttpHeaders } from 'node:http';
import type { OpenAIError } from './errors.ts';

export type Family = 'v1' | 'v1beta';

export function checkAuth(
  family: Family,
  headers: IncomingHttpHeaders,
  query: Record<string, string>,
  apiKey: string,
  vendorKeyHeader: string,
): OpenAIError | null {
  const authorization = headers.authorization;
  const vendorValue = headers[vendorKeyHeader];
  const vendor = Array.isArray(vendorValue) ? vendorValue[0] : vendorValue;
  const refuse = (message: string, code: string): OpenAIError => ({
    status: 401,
    message,
    type: 'new_api_error',
    code,
  });

  if (family === 'v1') {
    if (vendor !== undefined) {
      return refuse(
        `The ${vendorKeyHeader} header is not accepted on /v1 paths; send Authorization: Bearer <key>`,
        'invalid_auth_header',
      );
    }
    if (!authorization) return refuse('No token provided (Authorization: Bearer <key>)', 'missing_api_key');
    const match = /^Bearer\s+(.+)$/i.exec(authorization);
    if (!match) return refuse('Invalid Authorization header, expected: Bearer <key>', 'invalid_auth_header');
    return match[1]?.trim() === apiKey ? null : refuse('Invalid token', 'invalid_api_key');
  }

  if (authorization !== undefined) {
    return refuse(
      `Authorization: Bearer is not accepted on /v1beta paths; send the key in the ${vendorKeyHeader} header`,
      'invalid_auth_header',
    );
  }
  if (query.key !== undefined) {
    return refuse(
      `A key in the URL is not accepted; send it in the ${vendorKeyHeader} header`,
      'invalid_auth_header',
    );
  }
  if (vendor === undefined)
    return refuse(`No API key provided in the ${vendorKeyHeader} header`, 'missing_api_key');
  return vendor.trim() === apiKey ? null : refuse('Invalid token', 'invalid_api_key');
}
