// Issue 14, item 25: the e2e spec that starts the fake gateway by hand left it running after the suite
// (`npx` → `sh` → `tsx` → `node`; a signal sent to `npx` alone does not reach the server). Stopping it
// must leave no process of the tree behind.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type HandStartedGateway, startByHand } from '../../support/fake-gateway-by-hand.ts';

const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');

interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
}

/** Every live process on this machine, from /proc (zombies count as gone: they run nothing). */
function processes(): ProcInfo[] {
  const list: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the fields after it are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const state = fields[0] ?? '';
      if (state === 'Z' || state === 'X') continue;
      list.push({ pid: Number(name), ppid: Number(fields[1]), pgid: Number(fields[2]), state });
    } catch {
      // The process ended while we read.
    }
  }
  return list;
}

function descendants(root: number): number[] {
  const all = processes();
  const found = new Set<number>([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
    }
  }
  return [...found];
}

function alive(pids: number[]): number[] {
  const live = new Set(processes().map((p) => p.pid));
  return pids.filter((pid) => live.has(pid));
}

let gateway: HandStartedGateway | undefined;
let leftovers: number[] = [];

afterEach(() => {
  // Never let this test itself leave something behind, whatever it found.
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  leftovers = [];
  gateway = undefined;
});

describe('the fake gateway started by hand', () => {
  it('leaves no process of its tree (or its process group) behind once stopped', async () => {
    gateway = await startByHand(REPO_ROOT);
    const root = gateway.child.pid as number;
    // The whole tree while it runs: npx and everything it started, down to the server's node.
    const tree = descendants(root);
    expect(tree.length).toBeGreaterThan(1);
    const response = await fetch(`${gateway.baseUrl}/v1/models`, {
      headers: { authorization: `Bearer ${gateway.apiKey}` },
    });
    expect(response.status).toBe(200);

    await gateway.stop();

    leftovers = alive(tree);
    expect(leftovers, 'processes of the started tree still running').toEqual([]);
    // Started in its own group, nothing of that group survives either (`ps -o pid= -g <pgid>`).
    const group = processes().filter((p) => p.pgid === root);
    leftovers.push(...group.map((p) => p.pid));
    expect(group.map((p) => p.pid)).toEqual([]);
    // The server no longer answers.
    await expect(fetch(`${gateway.baseUrl}/v1/models`)).rejects.toThrow();
  }, 40_000);
});
