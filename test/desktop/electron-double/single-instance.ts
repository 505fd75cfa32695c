// app.requestSingleInstanceLock, as Chromium's ProcessSingleton does it on Linux: a `SingletonLock`
// symlink in the user-data folder naming `<host>-<pid>`, and a `SingletonSocket` the first instance
// listens on. A second instance finds the lock held by a live process, hands over its argv, working
// directory and additional data, and gets `false` (docs/api/app.md § app.requestSingleInstanceLock);
// the first emits `second-instance` — after `ready`, always (docs § Event: 'second-instance').
// The hand-over is synchronous in Electron (the call returns once the first instance has it), so here a
// short child process carries it while this one waits.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';

type Deliver = (argv: string[], cwd: string, additionalData: unknown) => void;

const NOTIFY_HELPER = join(import.meta.dirname, 'notify-first-instance.mjs');

let held: { lock: string; socket: string; server: Server } | null = null;
const queued: Array<Parameters<Deliver>> = [];
let deliver: Deliver | null = null;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function listen(socket: string): Server {
  rmSync(socket, { force: true });
  const server = createServer((connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      text += chunk;
      if (!text.includes('\n')) return;
      const { argv, cwd, additionalData } = JSON.parse(text);
      connection.end('ACK\n');
      if (deliver) deliver(argv, cwd, additionalData);
      else queued.push([argv, cwd, additionalData]);
    });
  });
  server.listen(socket);
  server.unref();
  return server;
}

export const singleInstance = {
  request(userData: string, additionalData: unknown): boolean {
    if (held) return true;
    mkdirSync(userData, { recursive: true });
    const lock = join(userData, 'SingletonLock');
    const socket = join(userData, 'SingletonSocket');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        symlinkSync(`${hostname()}-${process.pid}`, lock);
        held = { lock, socket, server: listen(socket) };
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = Number(readlinkSync(lock).split('-').pop());
      if (owner === process.pid) return true;
      if (isAlive(owner)) {
        // `additionalData` arrives as null when none was passed (T "…no additional data").
        const message = JSON.stringify({
          argv: process.argv,
          cwd: process.cwd(),
          additionalData: additionalData ?? null,
        });
        spawnSync(process.execPath, [NOTIFY_HELPER, socket], { input: `${message}\n`, timeout: 5_000 });
        return false;
      }
      // The lock of an instance that died without releasing it (a crash) is stale.
      rmSync(lock, { force: true });
    }
    return false;
  },
  held: (): boolean => held !== null,
  release(): void {
    if (!held) return;
    held.server.close();
    rmSync(held.lock, { force: true });
    rmSync(held.socket, { force: true });
    held = null;
  },
  /** From `ready` on, hand-overs reach the app (queued ones first). */
  ready(listener: Deliver): void {
    deliver = listener;
    for (const args of queued.splice(0)) listener(...args);
  },
};
