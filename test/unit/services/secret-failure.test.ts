// A failure through the shield keeps its cause (the log's TLS or proxy detail: which certificate, which
// proxy answered what), with the secrets hidden in it as in the message.
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-main/app-failure.ts';
import { GatewayError } from '../../../src-main/gateway/gateway-error.ts';
import type { GatewayClient } from '../../../src-main/gateway/types.ts';
import { shieldSecret } from '../../../src-main/services/secret-shield.ts';

const KEY = 'sk-proj-Q7v2Lm9XcT4rWb8Nz1Kd6Hs3Jf0Pa5Ye';

class CertificateRejected extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

describe('a failure through the shield', () => {
  // The gateway client throws its own error; main's failures (the app's fetch) may pass through it too.
  it.each([
    ['the gateway’s', GatewayError],
    ['main’s', AppFailure],
  ])(
    'keeps its type (%s), its cause chain of the same kinds, with the secrets hidden in it',
    async (_, Kind) => {
      const root = new CertificateRejected('SELF_SIGNED_CERT_IN_CHAIN', `issuer CN=Corp Root, echoed ${KEY}`);
      const network = new TypeError('fetch failed', { cause: root });
      const client = {
        listModelsV1: async () => {
          throw new Kind('network', `Could not reach the gateway (${KEY.slice(0, 12)}…)`, {
            cause: network,
            retryable: true,
          });
        },
      } as unknown as GatewayClient;
      const failure = await shieldSecret(client, KEY)
        .listModelsV1()
        .then(
          () => null,
          (error: unknown) => error as GatewayError,
        );
      expect(failure).toBeInstanceOf(Kind);
      expect(failure?.constructor).toBe(Kind);
      expect(failure?.message).toBe('Could not reach the gateway ([key hidden]…)');
      expect(failure?.retryable).toBe(true);
      const cause = failure?.cause as TypeError;
      expect(cause).toBeInstanceOf(TypeError);
      expect(cause.message).toBe('fetch failed');
      const rootCause = cause.cause as CertificateRejected;
      expect(rootCause).toBeInstanceOf(CertificateRejected);
      expect(rootCause.code).toBe('SELF_SIGNED_CERT_IN_CHAIN');
      expect(rootCause.message).toBe('issuer CN=Corp Root, echoed [key hidden]');
      expect(String(rootCause.stack)).not.toContain(KEY.slice(0, 8));
    },
  );
});
