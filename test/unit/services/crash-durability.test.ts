// Issue 14: a process killed at any moment loses nothing it said was saved. A child process
// (test/support/crash-writer.ts) opens the real conversation store, transcript history and prefs on one data
// folder and writes to all three at once (the stores' indexes with them; and speech clips, with their audio); it is SIGKILLed at a random moment, 100 times, on the same folder.
// Then the stores are opened fresh, the way the app starts (the start-up sweep, then the stores): every
// write the child reported committed must be there and equal, nothing may have been moved aside as
// corrupt, and the lists must work. A write the kill cut short may have landed or not, nothing in between.
//
// The randomness (kill delays, and the child's choices) is seeded; the seed is printed, and
// `GS_CRASH_SEED=<seed>` replays a run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAtomicTempName } from '../../../src-main/services/atomic-file.ts';
import {
  CONVERSATIONS_FOLDER,
  createConversationStore,
} from '../../../src-main/services/conversation-store.ts';
import { createPrefsService } from '../../../src-main/services/prefs.ts';
import { createSpeechStudio } from '../../../src-main/services/speech-studio.ts';
import { sweepAtStart } from '../../../src-main/services/start-sweep.ts';
import {
  createTranscriptHistory,
  type NewTranscript,
} from '../../../src-main/services/transcript-history.ts';
import type { Conversation, Notice, TranscriptSummary } from '../../../src-preload/contract.ts';
import { seededRandom } from '../../support/seeded-random.ts';

const KILLS = 100;
/** The longest wait between the child saying it is ready and the kill; most kills come far sooner. */
const MAX_DELAY_MS = 60;
/** How long a child may take to start (a few hundred ms; far more only on a badly overloaded machine). */
const START_LIMIT_MS = 20_000;
const SEED = Number(process.env.GS_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

type ChildEvent =
  | { kind: 'ready' }
  | { kind: 'begin'; store: 'conversation'; id: string; turns: number }
  | { kind: 'commit'; store: 'conversation'; id: string; conversation: Conversation }
  | { kind: 'begin'; store: 'transcript'; name: string }
  | { kind: 'commit'; store: 'transcript'; id: string; summary: TranscriptSummary; entry: NewTranscript }
  | { kind: 'begin'; store: 'speech'; text: string }
  | { kind: 'commit'; store: 'speech'; id: string; text: string }
  | { kind: 'begin'; store: 'prefs'; model: string }
  | { kind: 'commit'; store: 'prefs'; model: string };

/** What the folder must hold, from everything the children said. */
interface Expected {
  conversations: Map<string, { committed: Conversation | null; cutTurns: number | null }>;
  transcripts: Map<string, { summary: TranscriptSummary; entry: NewTranscript }>;
  /** Names of transcripts whose save a kill cut short: such an entry may exist, or not. */
  cutTranscripts: Set<string>;
  /** Speech clips made, by id: their text. */
  clips: Map<string, string>;
  /** Texts of clips a kill cut short: such a clip may exist (kept at the next start), or not. */
  cutClips: Set<string>;
  /** The last committed model, and those begun after it: the prefs file holds one of these. */
  prefs: Set<string>;
  lastPrefs: string | null;
}

let work: string;
let dataDir: string;
let bundle: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gs-crash-'));
  dataDir = join(work, 'data');
  // The child is bundled once (esbuild, which tsx runs on) and started with plain node: loading it
  // through tsx costs most of a second per start on a busy 2-core runner, a hundred times over.
  bundle = join(work, 'crash-writer.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../../support/crash-writer.ts', import.meta.url))],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Starts a child, kills it `delayMs` after it is ready, and returns the complete lines it wrote. */
function runOnce(run: number, delayMs: number): Promise<ChildEvent[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, dataDir, String(run), String(SEED)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    // A child that never gets ready (a hang at start) is killed too, and the run fails below: no process
    // is left behind writing to a folder about to be removed.
    let ready = false;
    const startGuard = setTimeout(() => child.kill('SIGKILL'), START_LIMIT_MS);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!ready && out === '' && chunk.startsWith('{"kind":"ready"}')) {
        ready = true;
        clearTimeout(startGuard);
        timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
      out += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err += chunk;
    });
    child.on('error', reject);
    // `close`, not `exit`: every byte the child wrote before the kill has been read by then.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(startGuard);
      if (!ready) {
        reject(new Error(`run ${run}: the child was not ready within ${START_LIMIT_MS} ms:\n${err}`));
        return;
      }
      if (signal !== 'SIGKILL') {
        reject(new Error(`run ${run}: the child ended by itself (code ${code}, signal ${signal}):\n${err}`));
        return;
      }
      // A line the kill cut off mid-write has no newline: it was not reported, so it does not count.
      const complete = out.slice(0, out.lastIndexOf('\n') + 1);
      resolve(
        complete
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as ChildEvent),
      );
    });
  });
}

function record(expected: Expected, events: readonly ChildEvent[]): void {
  const begun = new Map<string, number>();
  const transcriptsBegun = new Set<string>();
  for (const event of events) {
    if (event.kind === 'ready') continue;
    if (event.store === 'conversation') {
      if (event.kind === 'begin') begun.set(event.id, event.turns);
      else {
        begun.delete(event.id);
        expected.conversations.set(event.id, { committed: event.conversation, cutTurns: null });
      }
    } else if (event.store === 'transcript') {
      if (event.kind === 'begin') transcriptsBegun.add(event.name);
      else {
        transcriptsBegun.delete(event.entry.name);
        expected.transcripts.set(event.id, { summary: event.summary, entry: event.entry });
      }
    } else if (event.store === 'speech') {
      if (event.kind === 'begin') expected.cutClips.add(event.text);
      else {
        expected.cutClips.delete(event.text);
        expected.clips.set(event.id, event.text);
      }
    } else if (event.kind === 'begin') {
      expected.prefs.add(event.model);
    } else {
      expected.lastPrefs = event.model;
      expected.prefs = new Set([event.model]);
    }
  }
  // Writes begun and not committed when the kill came: each may or may not have reached its file.
  for (const [id, turns] of begun) {
    const known = expected.conversations.get(id);
    expected.conversations.set(id, { committed: known?.committed ?? null, cutTurns: turns });
  }
  for (const name of transcriptsBegun) expected.cutTranscripts.add(name);
}

/** Every file under `folder`, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1));
}

describe('stores killed mid-write (issue 14)', () => {
  it(`keep every committed write through ${KILLS} SIGKILLs at random moments`, async () => {
    console.log(`crash test seed ${SEED} (replay with GS_CRASH_SEED=${SEED})`);
    const started = performance.now();
    const random = seededRandom(SEED);
    const expected: Expected = {
      conversations: new Map(),
      transcripts: new Map(),
      cutTranscripts: new Set(),
      clips: new Map(),
      cutClips: new Set(),
      prefs: new Set(),
      lastPrefs: null,
    };
    let commits = 0;
    for (let run = 0; run < KILLS; run++) {
      // Squared: most kills land in the first few milliseconds (the first writes of a fresh process,
      // folders being created), the rest spread over a longer stretch of steady writing.
      const delay = Math.floor(random() ** 2 * MAX_DELAY_MS);
      const events = await runOnce(run, delay);
      commits += events.filter((event) => event.kind === 'commit').length;
      record(expected, events);
    }

    const litter = filesUnder(dataDir).filter((path) => isAtomicTempName(path.split('/').pop()!));

    // Opened the way the app starts: the sweep removes the temp files the kills left, then the stores.
    await sweepAtStart(dataDir);
    const files = filesUnder(dataDir);
    expect(files.filter((path) => path.includes('.corrupt-'))).toEqual([]);
    expect(files.filter((path) => isAtomicTempName(path.split('/').pop()!))).toEqual([]);

    // The conversations' index (saved-index/) was appended to and rewritten by the same kills: the start
    // reads what it can of it and checks it against the folder, reading again every file it got wrong.
    const conversations = createConversationStore({ directory: join(dataDir, CONVERSATIONS_FOLDER) });
    await conversations.list();
    await conversations.indexSettled();
    const listed = await conversations.list();
    expect(listed.movedAside).toBe(0);
    expect(listed.rebuilding).toBeUndefined();
    // The index it left is whole: the start after lists the same without reading any conversation again.
    const restarted = createConversationStore({ directory: join(dataDir, CONVERSATIONS_FOLDER) });
    const { rebuilding, ...again } = await restarted.list();
    expect(again).toEqual(listed);
    expect(rebuilding).toEqual({ done: 0, total: 0 }); // Its check still lists the folder; nothing to read.
    await restarted.indexSettled();
    const listedIds = new Set(listed.conversations.map((summary) => summary.id));
    let checked = 0;
    let cutLanded = 0;
    for (const [id, { committed, cutTurns }] of expected.conversations) {
      if (committed === null && !listedIds.has(id)) continue; // A first save the kill stopped: not written.
      expect(listedIds.has(id), `conversation ${id} is listed`).toBe(true);
      const stored = await conversations.get(id);
      if (committed !== null && stored.messages.length === committed.messages.length) {
        expect(stored, `conversation ${id}`).toEqual(committed);
      } else {
        // Only the save the kill cut short may have landed instead: one turn more, the rest as committed.
        expect(stored.messages.length, `conversation ${id}: turns`).toBe(cutTurns);
        expect(stored.messages.slice(0, -1)).toEqual(committed?.messages ?? []);
        cutLanded++;
      }
      checked++;
    }
    expect(listed.conversations.length).toBe(checked);

    const notices: Notice[] = [];
    const transcripts = createTranscriptHistory({
      directory: join(dataDir, 'history', 'transcripts'),
      recordingsDir: join(dataDir, 'media', 'recordings'),
      onNotice: (notice) => notices.push(notice),
    });
    // The transcripts' index too: read, checked, and whole for the start after.
    await transcripts.list();
    await transcripts.indexSettled();
    const transcriptList = await transcripts.list();
    expect(transcriptList.rebuilding).toBeUndefined();
    const summaries = transcriptList.transcripts;
    const transcriptsAgain = createTranscriptHistory({
      directory: join(dataDir, 'history', 'transcripts'),
      recordingsDir: join(dataDir, 'media', 'recordings'),
      onNotice: (notice) => notices.push(notice),
    });
    const { rebuilding: transcriptsRebuilding, ...transcriptsListedAgain } = await transcriptsAgain.list();
    expect(transcriptsListedAgain).toEqual(transcriptList);
    expect(transcriptsRebuilding).toEqual({ done: 0, total: 0 });
    await transcriptsAgain.indexSettled();
    const byId = new Map(summaries.map((summary) => [summary.id, summary]));
    for (const [id, { summary, entry }] of expected.transcripts) {
      expect(byId.get(id), `transcript ${id} is listed`).toEqual(summary);
      const stored = await transcripts.get(id);
      expect(stored.transcript).toEqual(entry.transcript);
      expect(stored.options).toEqual(entry.options);
      expect(stored.audioPath).toBe(entry.audioPath);
      checked++;
    }
    // Any other entry is a save the kill cut short, which may have landed whole.
    const extra = summaries.filter((summary) => !expected.transcripts.has(summary.id));
    for (const summary of extra) expect(expected.cutTranscripts).toContain(summary.name);

    // Speech clips and their index: every clip made is listed (with its text), the index whole for the
    // start after; a clip a kill cut short may have been kept by this start (its parts had arrived).
    const studio = () => createSpeechStudio({ dataDir, dialogs: { save: async () => null } });
    const speech = studio();
    await speech.list();
    await speech.indexSettled();
    const clips = await speech.list();
    expect(clips.movedAside).toBe(0);
    expect(clips.rebuilding).toBeUndefined();
    const clipIds = new Set(clips.entries.map((entry) => entry.id));
    for (const [id, said] of expected.clips) {
      expect(clipIds.has(id), `clip ${id} is listed`).toBe(true);
      expect((await speech.get(id)).text).toBe(said);
      checked++;
    }
    for (const entry of clips.entries.filter((clip) => !expected.clips.has(clip.id))) {
      expect(expected.cutClips).toContain((await speech.get(entry.id)).text);
    }
    const speechAgain = studio();
    const { rebuilding: clipsRebuilding, ...clipsAgain } = await speechAgain.list();
    expect(clipsAgain).toEqual(clips);
    expect(clipsRebuilding).toEqual({ done: 0, total: 0 });
    await speechAgain.indexSettled();

    const prefs = await createPrefsService({
      dataDir,
      onNotice: (notice) => notices.push(notice),
    }).get();
    if (expected.lastPrefs !== null) {
      expect(expected.prefs).toContain(prefs.playground.responsesModel);
      checked++;
    }
    expect(notices).toEqual([]);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `crash test: ${KILLS} kills survived, ${commits} commits reported, ${checked} stored entries checked ` +
        `(${cutLanded + extra.length} cut-short writes had landed whole), ${litter.length} temp files swept, ${seconds} s`,
    );
    // Not vacuous: the kills fell among real writes. How many a child makes before its kill depends on the
    // machine's load (an idle one: ~180 commits, ~145 entries checked; one running three busy loops beside: 69
    // commits, 83 entries checked), so the floor is half the kills, not one entry per kill.
    expect(checked).toBeGreaterThanOrEqual(KILLS / 2);
  }, 180_000);
});
