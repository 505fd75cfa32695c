// Certificates for the TLS tests, made with the `openssl` command line (Node has no X.509 generator):
// a private root "Test Corp Root CA" (as a company's TLS inspection installs one), a server certificate
// it signed for 127.0.0.1, one it signed for another host name, and a self-signed one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  caPem: string;
  /** Signed by the root, valid for 127.0.0.1. */
  server: { key: string; cert: string };
  /** Signed by the root, valid only for gateway.example. */
  otherHost: { key: string; cert: string };
  /** Self-signed, for 127.0.0.1. */
  selfSigned: { key: string; cert: string };
}

export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'gs-certs-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const key = (name: string) =>
    run('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-out', name);
  try {
    key('ca.key');
    run(
      'req',
      '-x509',
      '-new',
      '-key',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '36500',
      '-subj',
      '/O=Test Corp/CN=Test Corp Root CA',
    );
    const signed = (name: string, altNames: string) => {
      key(`${name}.key`);
      run('req', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
      writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${altNames}\n`);
      run(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        '36500',
        '-extfile',
        `${name}.ext`,
      );
      return { key: read(`${name}.key`), cert: read(`${name}.pem`) };
    };
    key('self.key');
    writeFileSync(join(dir, 'self.ext'), 'subjectAltName=IP:127.0.0.1\n');
    run(
      'req',
      '-x509',
      '-new',
      '-key',
      'self.key',
      '-out',
      'self.pem',
      '-days',
      '36500',
      '-subj',
      '/CN=Lonely Gateway',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    );
    return {
      caPem: read('ca.pem'),
      server: signed('server', 'IP:127.0.0.1,DNS:localhost'),
      otherHost: signed('other', 'DNS:gateway.example'),
      selfSigned: { key: read('self.key'), cert: read('self.pem') },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
