// What a failed TLS connection means to a user: which certificate was refused and why. Node reports
// OpenSSL's verification result as the error's `code` (docs/api/tls.md § X509 certificate error codes);
// a host-name mismatch comes from `tls.checkServerIdentity` as ERR_TLS_CERT_ALTNAME_INVALID with `host`
// and `cert` on the error (docs/api/tls.md § tls.checkServerIdentity). The certificate itself is added
// by the app's fetch when it can read it (see src-main/network/certificate-probe.ts).
// It lives in gateway/ because the gateway's error normalisation reads it and the gateway imports nothing else
// of main; the app's fetch (app-fetch.ts) builds the `CertificateRejected` from here.
import type { PeerCertificate } from 'node:tls';
import { inEnglish, type Words, words } from './words.ts';

/** The parts of a certificate worth telling a user. */
export interface CertificateFacts {
  /** The host the app tried to reach (unknown when Node's error does not say). */
  host?: string;
  subject?: string;
  issuer?: string;
  validFrom?: string;
  validTo?: string;
  /** The names the certificate is valid for. */
  names?: string;
}

/** A TLS failure with the certificate that caused it; the fetch error's `cause`. */
export class CertificateRejected extends Error {
  constructor(
    readonly code: string,
    readonly facts: CertificateFacts,
    cause: unknown,
  ) {
    super(`The certificate of ${facts.host ?? 'the gateway'} was refused (${code}).`, { cause });
    this.name = 'CertificateRejected';
  }
}

/** A certificate's common name, else its organisation (X.509 subject / issuer fields). */
function nameOf(fields: Record<string, unknown> | undefined): string | undefined {
  if (!fields) return undefined;
  for (const key of ['CN', 'O', 'OU']) {
    const value = fields[key];
    if (typeof value === 'string' && value !== '') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return undefined;
}

export function factsOf(
  host: string | undefined,
  cert: Partial<PeerCertificate> | undefined,
): CertificateFacts {
  const named = host === undefined ? {} : { host };
  if (!cert || Object.keys(cert).length === 0) return named;
  return {
    ...named,
    subject: nameOf(cert.subject as unknown as Record<string, unknown>),
    issuer: nameOf(cert.issuer as unknown as Record<string, unknown>),
    validFrom: cert.valid_from,
    validTo: cert.valid_to,
    names: cert.subjectaltname?.replace(/DNS:/g, '').replace(/IP Address:/g, ''),
  };
}

/** Untrusted issuer: the chain ends at a root this computer does not know (OpenSSL X509_V_ERR_*). */
const UNTRUSTED_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_UNTRUSTED',
  'CERT_CHAIN_TOO_LONG',
]);

/** Codes that say the other side does not speak TLS at all (an http:// server behind an https:// address). */
const NOT_TLS_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG']);

function walk(error: unknown): Array<Record<string, unknown>> {
  const chain: Array<Record<string, unknown>> = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function dateOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString().slice(0, 10);
}

export interface TlsProblem {
  /** In English (what logs and tests read). */
  message: string;
  hint: string;
  /** The same as words, for the failure the user is shown in the interface's language. */
  words: { message: Words; hint: Words };
}

const TRUST_HINT = words('tls.trustHint');

/** A user's account of a TLS failure anywhere in `error`'s cause chain, or `null` when it is not one. */
export function describeTlsFailure(error: unknown): TlsProblem | null {
  const found = tlsWords(error);
  return found && { message: inEnglish(found.message), hint: inEnglish(found.hint), words: found };
}

function tlsWords(error: unknown): TlsProblem['words'] | null {
  const chain = walk(error);
  const coded = chain.find((item) => typeof item.code === 'string' && isTlsCode(item.code));
  if (coded === undefined) return null;
  const code = coded.code as string;
  const rejected = chain.find(
    (item): item is Record<string, unknown> & CertificateRejected => item instanceof CertificateRejected,
  );
  const facts: CertificateFacts =
    rejected?.facts ??
    factsOf(
      typeof coded.host === 'string' ? coded.host : undefined,
      coded.cert as PeerCertificate | undefined,
    );
  const of = facts.host ? words('tls.certificateOf', { host: facts.host }) : words('tls.certificate');
  if (NOT_TLS_CODES.has(code)) {
    return {
      message: facts.host ? words('tls.notTlsAt', { host: facts.host }) : words('tls.notTls'),
      hint: words('tls.notTlsHint'),
    };
  }
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT') {
    return {
      message: facts.subject
        ? words('tls.selfSignedNamed', { of, subject: facts.subject })
        : words('tls.selfSigned', { of }),
      hint: TRUST_HINT,
    };
  }
  if (UNTRUSTED_CODES.has(code)) {
    return {
      message: facts.issuer
        ? words('tls.untrustedIssuer', { of, issuer: facts.issuer })
        : words('tls.untrusted', { of }),
      hint: TRUST_HINT,
    };
  }
  if (code === 'CERT_HAS_EXPIRED') {
    const until = dateOf(facts.validTo);
    return {
      message: until ? words('tls.expiredUntil', { of, until }) : words('tls.expired', { of }),
      hint: words('tls.expiredHint'),
    };
  }
  if (code === 'CERT_NOT_YET_VALID') {
    const from = dateOf(facts.validFrom);
    return {
      message: from ? words('tls.notYetValidFrom', { of, from }) : words('tls.notYetValid', { of }),
      hint: words('tls.clockHint'),
    };
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return {
      message: facts.names
        ? words('tls.wrongHostNames', { of, names: facts.names })
        : words('tls.wrongHost', { of }),
      hint: words('tls.wrongHostHint'),
    };
  }
  if (code === 'CERT_REVOKED') {
    return { message: words('tls.revoked', { of }), hint: words('tls.revokedHint') };
  }
  return {
    message: words('tls.refused', { of, code }),
    hint: TRUST_HINT,
  };
}

function isTlsCode(code: string): boolean {
  return (
    code.includes('CERT') ||
    UNTRUSTED_CODES.has(code) ||
    NOT_TLS_CODES.has(code) ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT'
  );
}
