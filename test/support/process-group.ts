// Long-running children of the tests (servers) start in their own process group and are ended as a
// group. A launcher such as `npx` runs the real server several levels down (`npx` → `sh` → `tsx` →
// `node`) and does not pass a signal on, so signalling only the child we spawned leaves the server
// running after the suite.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const started = new Set<number>();
let exitHookInstalled = false;

/** Spawns `command` as the leader of a new process group (its pid is the group id). */
export function spawnGroup(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const pgid = child.pid;
  if (pgid !== undefined) {
    started.add(pgid);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      // A detached group does not die with us: if the test process leaves without ending it
      // (a crash, a timeout that skips `finally`), end it on the way out. Only sync work runs here.
      process.once('exit', () => {
        for (const group of started) signalGroup(group, 'SIGKILL');
      });
    }
  }
  return child;
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is empty already.
  }
}

/** Pids still running in the group; zombies run nothing and only wait for their parent to reap them. */
export function groupMembers(pgid: number): number[] {
  if (process.platform !== 'linux') {
    // Without /proc, signal 0 tells whether any member (zombies included) exists.
    try {
      process.kill(-pgid, 0);
      return [pgid];
    } catch {
      return [];
    }
  }
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') members.push(Number(name));
    } catch {
      // It ended while we read.
    }
  }
  return members;
}

/**
 * Ends the group led by `child`: SIGTERM to every member, then SIGKILL to whatever is left after
 * `graceMs`. Resolves once no member runs any more.
 */
export async function endGroup(child: ChildProcess, graceMs = 3_000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupMembers(pgid).length > 0 && Date.now() < deadline) await delay(50);
  if (groupMembers(pgid).length > 0) {
    signalGroup(pgid, 'SIGKILL');
    while (groupMembers(pgid).length > 0) await delay(20);
  }
  started.delete(pgid);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
