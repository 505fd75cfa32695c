// Reads the certificate a server presents, after Node refused it, so the error can name it. Node does not
// hand the refused certificate to the caller of a failed connection, so this opens a second connection
// that only completes the TLS handshake and closes: no request is written on it, and nothing from it is
// trusted — it only feeds the message. Through an HTTP(S) proxy it tunnels with CONNECT (RFC 9110 §9.3.6),
// as the real call did, since a company's TLS inspection usually sits in that proxy.
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type Socket } from 'node:net';
import * as tls from 'node:tls';
import type { SystemRoute } from './system-proxy.ts';

const PROBE_TIMEOUT_MS = 5_000;

export interface ProbeTarget {
  host: string;
  port: number;
  /** How the failed call went: the probe takes the same way. */
  route: SystemRoute;
  /** Sent to an HTTP proxy that asks for a sign-in, as the call did. */
  proxyAuthorization?: string;
  /** The trust the call used (a shared secure context), so a proxy reached over TLS is checked alike. */
  secureContext?: tls.SecureContext;
}

function tunnel(target: ProbeTarget, proxyUrl: URL, signal: AbortSignal): Promise<Socket> {
  const secure = proxyUrl.protocol === 'https:';
  const request = (secure ? https : http).request({
    host: proxyUrl.hostname,
    port: Number(proxyUrl.port) || (secure ? 443 : 80),
    method: 'CONNECT',
    path: `${target.host}:${target.port}`,
    headers: {
      host: `${target.host}:${target.port}`,
      ...(target.proxyAuthorization ? { 'proxy-authorization': target.proxyAuthorization } : {}),
    },
    ...(secure && target.secureContext ? { secureContext: target.secureContext } : {}),
    signal,
  });
  return new Promise((resolve, reject) => {
    request.once('connect', (response, socket) => {
      if (response.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`proxy answered ${response.statusCode}`));
      }
    });
    request.once('error', reject);
    request.end();
  });
}

/** The certificate the server at `target` presents, or `undefined` when it cannot be read in time. */
export async function probeCertificate(target: ProbeTarget): Promise<tls.PeerCertificate | undefined> {
  if (target.route.kind === 'proxy' && target.route.url.startsWith('socks')) return undefined;
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    const socket =
      target.route.kind === 'proxy' ? await tunnel(target, new URL(target.route.url), signal) : undefined;
    return await new Promise((resolve) => {
      const connection = tls.connect({
        host: target.host,
        port: target.port,
        // SNI takes host names only (RFC 6066 §3).
        ...(isIP(target.host) === 0 ? { servername: target.host } : {}),
        ...(socket ? { socket } : {}),
        // Only to read what is presented: the socket is closed as soon as the handshake ends.
        rejectUnauthorized: false,
      });
      const finish = (cert: tls.PeerCertificate | undefined) => {
        connection.destroy();
        socket?.destroy();
        resolve(cert);
      };
      connection.once('secureConnect', () => finish(connection.getPeerCertificate()));
      connection.once('error', () => finish(undefined));
      signal.addEventListener('abort', () => finish(undefined), { once: true });
    });
  } catch {
    return undefined;
  }
}
