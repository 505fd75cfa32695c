// A tiny HTTP proxy on 127.0.0.1 for the network tests: it tunnels CONNECT requests (RFC 9110 §9.3.6: a
// 2xx answer, then bytes both ways) and forwards absolute-form requests (RFC 9112 §3.2.2), counts what
// passes through it, and can demand a Basic sign-in (`Proxy-Authorization`, answered with 407 otherwise,
// RFC 9110 §11.7.1). It only ever connects to 127.0.0.1.
import { once } from 'node:events';
import * as http from 'node:http';
import * as net from 'node:net';

export interface LocalProxy {
  url: string;
  port: number;
  /** Requests that passed through (tunnels opened plus requests forwarded). */
  passed: number;
  /** `Proxy-Authorization` values seen. */
  authorizations: string[];
  close(): Promise<void>;
}

export async function startLocalProxy(requiredAuthorization?: string): Promise<LocalProxy> {
  const sockets = new Set<net.Socket>();
  const state = { passed: 0, authorizations: [] as string[] };
  const allowed = (header: string | undefined) => {
    if (header !== undefined) state.authorizations.push(header);
    return requiredAuthorization === undefined || header === requiredAuthorization;
  };
  const server = http.createServer((request, response) => {
    if (!allowed(request.headers['proxy-authorization'])) {
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(request.url ?? '/');
    if (target.hostname !== '127.0.0.1') {
      response.writeHead(403).end();
      return;
    }
    state.passed++;
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname + target.search,
        method: request.method,
        headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (!allowed(request.headers['proxy-authorization'])) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host, port] = (request.url ?? '').split(':');
    if (host !== '127.0.0.1') {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    state.passed++;
    const upstream = net.connect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get passed() {
      return state.passed;
    },
    authorizations: state.authorizations,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
