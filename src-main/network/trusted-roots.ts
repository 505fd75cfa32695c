// Which certificate authorities a gateway's certificate may chain to: Node's bundled Mozilla roots, plus
// the operating system's store. A company that inspects TLS installs its own root in the OS store, where
// the browser finds it; Node looks only at its bundled list unless asked. `tls.getCACertificates('system')`
// (Node 22.15 / 23.5 and later; docs/api/tls.md § tls.getCACertificates) reads the OS store; Electron 45's
// Node has it, the tests' Node 20 does not, which then means the bundled roots alone.
import * as tls from 'node:tls';

/** Lists of PEM certificates; a test passes its own. */
export interface CertificateSource {
  /** Node's default roots (bundled Mozilla roots, plus NODE_EXTRA_CA_CERTS). */
  bundled(): readonly string[];
  /** The operating system's trusted roots; empty where this Node cannot read them. */
  system(): readonly string[];
}

type CaReader = (type: 'default' | 'system') => string[];

/** `tls.getCACertificates` where this Node has it (looked up at run time: Node 20's types lack it). */
function caReader(): CaReader | undefined {
  const reader = (tls as unknown as { getCACertificates?: CaReader }).getCACertificates;
  return typeof reader === 'function' ? reader : undefined;
}

export const nodeCertificateSource: CertificateSource = {
  bundled: () => caReader()?.('default') ?? tls.rootCertificates,
  system: () => {
    const read = caReader();
    if (read === undefined) return [];
    try {
      return read('system');
    } catch {
      // A store that cannot be read (a broken keychain) must not stop every call: the bundled roots remain.
      return [];
    }
  },
};

/**
 * TLS options that trust both lists, built once: one secure context shared by every connection, rather
 * than ~150 roots parsed again for each. Empty when the OS store adds nothing (Node 20, an unreadable
 * store): Node's own defaults then apply untouched, NODE_EXTRA_CA_CERTS included.
 */
export function trustOptions(source: CertificateSource): { secureContext?: tls.SecureContext } {
  const bundled = source.bundled();
  const known = new Set(bundled);
  const added = source.system().filter((pem) => !known.has(pem));
  if (added.length === 0) return {};
  return { secureContext: tls.createSecureContext({ ca: [...bundled, ...new Set(added)] }) };
}
