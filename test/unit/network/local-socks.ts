// A tiny SOCKS5 proxy on 127.0.0.1 for the network tests, as RFC 1928 describes the protocol: a greeting
// offering methods, the server's choice (0x00 none, 0x02 user name/password, RFC 1929), a CONNECT request
// (IPv4, domain name or IPv6 address, then the port) and its reply, then bytes both ways. It only ever
// connects to 127.0.0.1 and counts the tunnels it opened.
import { once } from 'node:events';
import * as net from 'node:net';

export interface LocalSocks {
  url: string;
  /** Tunnels opened. */
  passed: number;
  close(): Promise<void>;
}

/** Reads exactly `n` bytes from a socket, across as many chunks as they come in. */
function reader(socket: net.Socket) {
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | null = null;
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  };
  socket.on('data', onData);
  return {
    async take(n: number): Promise<Buffer> {
      while (buffered.length < n) await new Promise<void>((resolve) => (waiting = resolve));
      const bytes = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      return bytes;
    },
    /** Stops reading; bytes already read after the handshake are handed back. */
    release(): Buffer {
      socket.off('data', onData);
      return buffered;
    },
  };
}

export async function startLocalSocks(signIn?: { username: string; password: string }): Promise<LocalSocks> {
  const sockets = new Set<net.Socket>();
  const state = { passed: 0 };
  const server = net.createServer(async (client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const read = reader(client);
    try {
      const [version, count] = await read.take(2);
      const methods = [...(await read.take(count ?? 0))];
      const method = signIn ? 0x02 : 0x00;
      if (version !== 5 || !methods.includes(method)) {
        client.end(Buffer.from([5, 0xff]));
        return;
      }
      client.write(Buffer.from([5, method]));
      if (signIn) {
        const [, userLength = 0] = await read.take(2);
        const username = (await read.take(userLength)).toString();
        const [passLength = 0] = await read.take(1);
        const password = (await read.take(passLength)).toString();
        const accepted = username === signIn.username && password === signIn.password;
        client.write(Buffer.from([1, accepted ? 0 : 1]));
        if (!accepted) {
          client.end();
          return;
        }
      }
      const [, command, , addressType] = await read.take(4);
      let host: string;
      if (addressType === 1) host = [...(await read.take(4))].join('.');
      else if (addressType === 3) host = (await read.take((await read.take(1))[0] ?? 0)).toString();
      else host = 'ipv6';
      const port = (await read.take(2)).readUInt16BE(0);
      if (command !== 1 || host !== '127.0.0.1') {
        client.end(Buffer.from([5, 2, 0, 1, 0, 0, 0, 0, 0, 0]));
        return;
      }
      const upstream = net.connect(port, '127.0.0.1', () => {
        state.passed++;
        client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
        const early = read.release();
        if (early.length > 0) upstream.write(early);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
    } catch {
      client.destroy();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `socks5://127.0.0.1:${port}`,
    get passed() {
      return state.passed;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
