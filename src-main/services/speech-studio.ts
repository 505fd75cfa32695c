// The Speak panel's main side: a text of any length spoken in parts, joined where the format allows,
// kept in a history (one versioned JSON per clip under `<dataDir>/history/speech/`, audio under
// `<dataDir>/media/speech/` where the page can play it), saved elsewhere on request, deleted with its audio.
//
// Every part is paid for once it arrives, so a job that fails (or is stopped) at part N keeps parts 1 to
// N-1 as a partial clip, stored with the exact inputs still to send; `continue` sends only those, with the
// clip's own choices, and joins them onto the kept audio, so the clip ends as if nothing had failed.
//
// The history's list is answered from its persistent index (saved-index/, as the conversations' and
// transcripts' are: summary and search words per clip, updated with each keep and delete, checked against
// the folder in the background at start), one page at a time: a start with thousands of clips reads the
// index, never the clips. A clip of a newer build is left alone and remembered, not read again.
import { randomBytes } from 'node:crypto';
import { copyFile, link, lstat, mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { z } from 'zod';
import {
  type AppError,
  type SpeechClip,
  type SpeechEntry,
  type SpeechFormat,
  type SpeechHistory,
  type SpeechLayout,
  type SpeechRequest,
  type SpeechSummary,
  speechCharacters,
  speechPartialLabel,
  speechTakesInstructions,
} from '../../src-preload/contract.ts';
import { AppFailure, type Failure, isFailure, toAppError } from '../app-failure.ts';
import { mediaUrlFor } from '../app-origin.ts';
import type { GatewayClient } from '../gateway/types.ts';
import { t } from '../i18n/index.ts';
import type { Dialogs } from '../ipc/types.ts';
import { createLogger } from '../log.ts';
import { moveAside, writeFileAtomic } from './atomic-file.ts';
import { previewOf } from './preview.ts';
import { createSavedIndex, type SavedIndex, type StoredFileStamp } from './saved-index/saved-index.ts';
import { audioSeconds } from './speech-audio.ts';
import { JoinRefused, joinAudioFiles, joinKindFor } from './speech-join.ts';
import { splitSpeechText } from './speech-parts.ts';
import { readStoredText, tooLargeProblem } from './stored-file.ts';

/** Whole clips are written as version 1, unchanged, so older builds still list them. */
const HISTORY_VERSION = 1;
/**
 * Partial clips are version 2: an older build, which could neither mark nor continue them, leaves them
 * alone (as written by a newer app) rather than list them as whole clips.
 */
const PARTIAL_VERSION = 2;
/**
 * The largest history file read. The IPC schema keeps the text to `MAX_SPEECH_TEXT` (200,000) characters
 * and the instructions to 10,000: even at six bytes a character (an escaped control character) an entry
 * stays near 1.3 MB, and a partial one, which also holds the parts still to send (at most the text again),
 * near 2.5 MB; so a larger file is none the app wrote and is set aside.
 */
export const MAX_SPEECH_ENTRY_BYTES = 3 * 1024 * 1024;
/** Ids name files; nothing else may get near a path. */
export const SPEECH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

const FORMAT_NAMES: Record<SpeechFormat, string> = {
  mp3: 'MP3 audio',
  opus: 'Opus audio',
  aac: 'AAC audio',
  flac: 'FLAC audio',
  wav: 'WAV audio',
  pcm: 'WAV audio',
};

/** A history file: version 1 (a whole clip) or 2 (a partial one). */
const storedEntry = z.object({
  version: z.union([z.literal(HISTORY_VERSION), z.literal(PARTIAL_VERSION)]),
  id: z.string().regex(SPEECH_ID_PATTERN),
  createdAt: z.string(),
  text: z.string(),
  options: z.object({
    model: z.string(),
    voice: z.string(),
    format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']),
    speed: z.number(),
    instructions: z.string().optional(),
  }),
  parts: z.number().int().positive(),
  layout: z.enum(['file', 'parts']),
  extension: z.string().regex(/^[a-z0-9]{1,8}$/),
  /** Audio files relative to `<dataDir>/media/speech/`, in order. */
  files: z.array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)?$/)).min(1),
  bytes: z.number().nonnegative(),
  durationSec: z.number().nonnegative().nullable(),
  timeToFirstAudioMs: z.number().nonnegative().nullable(),
  elapsedMs: z.number().nonnegative(),
  /** A partial clip: parts 1..`done` are in `files`; why the next one is missing. */
  partial: z
    .object({
      done: z.number().int().positive(),
      error: z.object({
        code: z.string().max(64),
        message: z.string().max(20_000),
        hint: z.string().max(20_000).optional(),
        status: z.number().int().optional(),
        requestId: z.string().max(1_000).optional(),
      }),
    })
    .optional(),
  /** A partial clip's inputs still to send, exactly as they will be sent: parts `done + 1` to `parts`. */
  remaining: z.array(z.string().min(1)).optional(),
});
type StoredEntry = z.infer<typeof storedEntry>;

/** A stored entry is whole, or partial with the inputs that complete it; anything between is damage. */
function consistent(entry: StoredEntry): boolean {
  if (!entry.partial) return entry.version === HISTORY_VERSION && entry.remaining === undefined;
  return (
    entry.version === PARTIAL_VERSION &&
    entry.remaining !== undefined &&
    entry.partial.done + entry.remaining.length === entry.parts &&
    entry.remaining.length > 0
  );
}

export interface SpeechRun {
  signal: AbortSignal;
  /** Part `step` of `steps` is about to be requested. */
  onProgress(step: number, steps: number): void;
}

/** What a job kept. A job that kept nothing throws its failure instead. */
export interface SpeechOutcome {
  /** The clip saved in the history: whole, or partial when `failure` is set. */
  entry: SpeechEntry;
  /** What ended the job before its last part (a part that failed, or a stop); null when whole. */
  failure: Failure | null;
}

export interface SpeechStudio {
  generate(client: GatewayClient, request: SpeechRequest, run: SpeechRun): Promise<SpeechOutcome>;
  /** Throws (not found, already whole, already running) when `continue` would not start. */
  checkContinuable(id: string): Promise<void>;
  /** Sends a partial clip's remaining parts and joins them onto it. */
  continue(client: GatewayClient, id: string, run: SpeechRun): Promise<SpeechOutcome>;
  /**
   * Newest first, one page (`offset` clips skipped, at most `limit`; all without); every word of `query`
   * must appear in the clip's text (the last typed word as the start of one; case and accents ignored).
   */
  list(request?: { query?: string; offset?: number; limit?: number }): Promise<SpeechHistory>;
  /** Resolves once the index's start-up check is done and its journal written (tests, benches). */
  indexSettled(): Promise<void>;
  /** Starts reading the index now (the app's start), so the first list finds it in memory. */
  warmIndex(): void;
  get(id: string): Promise<SpeechEntry>;
  remove(id: string): Promise<boolean>;
  /** Asks where to save (native dialog) and copies the audio there. */
  saveCopy(id: string): Promise<{ path: string | null; files: string[] }>;
}

/** The job file of a run's work folder: enough to keep its parts after a quit or a crash. */
const JOB_FILE = 'job.json';

/**
 * A job's work folder in the speech audio folder, `.<clip id>.partial`: the parts of a run, and its job file,
 * until the clip's history entry is written (group 1 is the id).
 */
export const SPEECH_WORK_FOLDER = /^\.(.+)\.partial$/;

const jobRecord = z.object({
  version: z.literal(1),
  id: z.string().regex(SPEECH_ID_PATTERN),
  createdAt: z.string(),
  text: z.string(),
  options: storedEntry.shape.options,
  steps: z.number().int().positive(),
  remaining: z.array(z.string().min(1)).min(1),
  /** Parts the clip held before this run (0 for a new job). */
  before: z.number().int().nonnegative(),
});
type JobRecord = z.infer<typeof jobRecord>;

/** One run of a job: a new text, or the rest of a partial clip. */
interface Job {
  id: string;
  createdAt: string;
  /** The whole text, as typed when the job began. */
  text: string;
  options: StoredEntry['options'];
  /** Parts of the whole text. */
  steps: number;
  /** The inputs still to send, in order; the first is part `kept.partial.done + 1` (or 1). */
  remaining: string[];
  /** The partial clip an earlier run kept, or null for a new job. */
  kept: StoredEntry | null;
}

export interface SpeechStudioOptions {
  dataDir: string;
  dialogs: Pick<Dialogs, 'save'>;
  now?: () => Date;
  /** The largest history file read (`MAX_SPEECH_ENTRY_BYTES`); a larger one is set aside. Tests pass less. */
  maxFileBytes?: number;
  /** How long a list waits for the index's running check before answering with what it has (ms). */
  listWaitMs?: number;
}

const SPEECH_FORMATS = new Set(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);

/** A summary read back from the index: the fields the list shows, of the kinds they should be. */
function isSpeechSummary(value: unknown, id: string): value is SpeechSummary {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const numberOrNull = (field: unknown) => field === null || typeof field === 'number';
  return (
    v.id === id &&
    typeof v.createdAt === 'string' &&
    typeof v.preview === 'string' &&
    typeof v.characters === 'number' &&
    typeof v.model === 'string' &&
    typeof v.voice === 'string' &&
    SPEECH_FORMATS.has(v.format as string) &&
    typeof v.speed === 'number' &&
    typeof v.parts === 'number' &&
    (v.layout === 'file' || v.layout === 'parts') &&
    typeof v.extension === 'string' &&
    typeof v.bytes === 'number' &&
    numberOrNull(v.durationSec) &&
    numberOrNull(v.timeToFirstAudioMs) &&
    (v.partial === undefined || (typeof v.partial === 'object' && v.partial !== null))
  );
}

const newestFirst = (a: SpeechSummary, b: SpeechSummary) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

export function createSpeechStudio({
  dataDir,
  dialogs,
  now = () => new Date(),
  maxFileBytes = MAX_SPEECH_ENTRY_BYTES,
  listWaitMs,
}: SpeechStudioOptions): SpeechStudio {
  const log = createLogger('speech');
  const historyDir = join(dataDir, 'history', 'speech');
  const audioDir = join(dataDir, 'media', 'speech');
  let movedAside = 0;
  /**
   * Clips a job or a delete is working on, claimed before its first await: one at a time per clip, so a
   * delete never lands under a continue (which would write the deleted clip back) nor a continue under it.
   */
  const claims = new Map<string, Claim>();

  function claim(id: string, purpose: Claim): () => void {
    const holder = claims.get(id);
    if (holder) throw busy(holder, purpose);
    claims.set(id, purpose);
    return () => claims.delete(id);
  }

  const entryPath = (id: string) => join(historyDir, `${id}.json`);

  function checkId(id: string): void {
    if (!SPEECH_ID_PATTERN.test(id)) throw notFound();
  }

  function summaryOf(stored: StoredEntry): SpeechSummary {
    return {
      id: stored.id,
      createdAt: stored.createdAt,
      preview: previewOf(stored.text),
      characters: speechCharacters(stored.text),
      model: stored.options.model,
      voice: stored.options.voice,
      format: stored.options.format,
      speed: stored.options.speed,
      parts: stored.parts,
      layout: stored.layout,
      extension: stored.extension,
      bytes: stored.bytes,
      durationSec: stored.durationSec,
      timeToFirstAudioMs: stored.timeToFirstAudioMs,
      ...(stored.partial
        ? { partial: { done: stored.partial.done, error: stored.partial.error as AppError } }
        : {}),
    };
  }

  function entryOf(stored: StoredEntry): SpeechEntry {
    const request: SpeechRequest = { text: stored.text, ...stored.options };
    return {
      ...summaryOf(stored),
      text: stored.text,
      request,
      urls: stored.files.map((file) => mediaUrlFor(dataDir, join(audioDir, file)) ?? ''),
      elapsedMs: stored.elapsedMs,
    };
  }

  async function readStored(file: string): Promise<StoredEntry | 'newer' | 'corrupt'> {
    let raw: unknown;
    try {
      const stored = await readStoredText(join(historyDir, file), maxFileBytes);
      if (stored.kind === 'missing') throw notFound();
      if (stored.kind === 'oversized') {
        log.warn(`${file}: ${tooLargeProblem(stored.size, stored.limit)}`);
        return 'corrupt';
      }
      raw = JSON.parse(stored.text);
    } catch (error) {
      if (error instanceof AppFailure) throw error;
      return 'corrupt';
    }
    const version = (raw as { version?: unknown } | null)?.version;
    // Written by a newer app: left alone, not "repaired" into something older.
    if (typeof version === 'number' && version > PARTIAL_VERSION) return 'newer';
    const parsed = storedEntry.safeParse(raw);
    return parsed.success && consistent(parsed.data) && `${parsed.data.id}.json` === file
      ? parsed.data
      : 'corrupt';
  }

  async function setAside(file: string): Promise<void> {
    try {
      await moveAside(join(historyDir, file), now());
      movedAside++;
      log.warn(`moved an unreadable speech history file aside: ${file}`);
    } catch (error) {
      log.error(`could not move ${file} aside`, error);
    }
  }

  /**
   * The history's first use: what a run cut short by a quit or a crash had paid for becomes a clip first
   * (listed like the others), then the index is in memory. Calls that overlap share it.
   */
  let loading: Promise<void> | null = null;

  function load(): Promise<void> {
    loading ??= (async () => {
      await sweepUnfinished();
      await index().ready();
    })().catch((error: unknown) => {
      loading = null; // A failed read is tried again next time.
      throw error;
    });
    return loading;
  }

  /** The index, started at the first call that needs it (a studio made and never used reads nothing). */
  let savedIndex: SavedIndex<SpeechSummary> | null = null;
  function index(): SavedIndex<SpeechSummary> {
    savedIndex ??= createSavedIndex<SpeechSummary>({
      name: 'speech',
      path: join(dataDir, 'indexes', 'speech'),
      scan: scanHistory,
      read: async (id) => {
        // A clip being made, continued or deleted is read once that is done (the job tells the index).
        while (claims.has(id)) await new Promise((resolve) => setTimeout(resolve, 50));
        const file = `${id}.json`;
        const info = await stat(join(historyDir, file)).catch(() => null);
        const stored = info ? await readStored(file).catch(() => null) : null;
        if (stored === null || info === null) return { kind: 'gone' };
        if (stored === 'newer') {
          log.warn(`speech clip ${id} was saved by a newer version; not listed`);
          return { kind: 'newer', size: info.size, mtimeMs: info.mtimeMs };
        }
        if (stored === 'corrupt') {
          await setAside(file);
          return { kind: 'gone' };
        }
        return {
          kind: 'ok',
          summary: summaryOf(stored),
          texts: [stored.text],
          size: info.size,
          mtimeMs: info.mtimeMs,
        };
      },
      compare: newestFirst,
      isSummary: isSpeechSummary,
      warn: (message, error) => log.warn(message, error),
      ...(listWaitMs === undefined ? {} : { listWaitMs }),
    });
    return savedIndex;
  }

  /** Every history file with its size and time. */
  async function scanHistory(): Promise<StoredFileStamp[]> {
    let names: string[];
    try {
      names = await readdir(historyDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw historyUnreadable(error);
    }
    const found: StoredFileStamp[] = [];
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      if (!SPEECH_ID_PATTERN.test(id)) continue;
      const info = await stat(join(historyDir, name)).catch(() => null);
      if (info) found.push({ id, size: info.size, mtimeMs: info.mtimeMs });
    }
    return found;
  }

  /** Tells the index of a clip as just written (its file's size and time: a later change is seen). */
  async function remember(stored: StoredEntry): Promise<void> {
    const info = await stat(entryPath(stored.id)).catch(() => null);
    // Without its time the index could not tell a later change apart: the next start's check reads it.
    if (!info) return;
    const saved = index();
    await saved.ready();
    saved.put(stored.id, summaryOf(stored), [stored.text], info.size, info.mtimeMs);
  }

  async function forget(id: string): Promise<void> {
    const saved = index();
    await saved.ready();
    saved.remove(id);
  }

  /** Work folders of jobs that never finished (the app quit or crashed mid-job): their parts kept, then gone. */
  async function sweepUnfinished(): Promise<void> {
    let names: string[] = [];
    try {
      names = await readdir(audioDir);
    } catch {
      return;
    }
    for (const name of names) {
      const id = SPEECH_WORK_FOLDER.exec(name)?.[1];
      if (!id || claims.has(id)) continue;
      if (!SPEECH_ID_PATTERN.test(id)) await rm(join(audioDir, name), { recursive: true, force: true });
      else await settleUnfinished(id);
    }
  }

  /**
   * Keeps what a work folder holds, then removes the folder; a folder whose parts could not be kept (the
   * disk still full, say) stays for the next try. True when nothing is left to keep.
   */
  async function settleUnfinished(id: string): Promise<boolean> {
    if (!(await keepUnfinished(id))) return false;
    await rm(workFolder(id), { recursive: true, force: true });
    return true;
  }

  async function readEntry(id: string): Promise<StoredEntry> {
    checkId(id);
    const stored = await readStored(`${id}.json`).catch(async (error: unknown) => {
      // Gone (deleted in another window, or by hand): it leaves the list too.
      if (error instanceof AppFailure && error.code === 'not_found') await forget(id);
      throw error;
    });
    if (stored === 'newer') {
      throw new AppFailure('file_error', t('errors.speechStudio.newer'), {
        hint: t('errors.speechStudio.updateToOpen'),
      });
    }
    if (stored === 'corrupt') {
      await setAside(`${id}.json`);
      await forget(id);
      throw new AppFailure('file_error', t('errors.speechStudio.damaged'), {
        hint: t('errors.speechStudio.generateAgain'),
      });
    }
    return stored;
  }

  /**
   * Puts the audio of a run's new parts where the history keeps it, after what an earlier run kept (`job.kept`):
   * one file (the parts joined, where the format allows), or a folder of parts numbered by their place in
   * the whole text. A partial clip's single file is named for the parts it holds, so the whole clip (or a
   * longer partial one) is written beside it and the history file switches over in one write.
   */
  async function keepAudio(job: Job, clips: readonly SpeechClip[]): Promise<KeptAudio> {
    // The run's parts stay in its work folder until the history entry that lists their copies is written:
    // a failure or a crash before then leaves them there, for the next start to keep (keepUnfinished).
    const made: string[] = [];
    try {
      return { ...(await placeAudio(job, clips, made)), made };
    } catch (error) {
      await removeMade(job.id, made);
      throw error;
    }
  }

  /** Files a keep made (`made`, relative to the audio folder) go, and the clip's folder if it is left empty. */
  async function removeMade(id: string, made: readonly string[]): Promise<void> {
    for (const file of made) await rm(join(audioDir, file), { force: true }).catch(() => undefined);
    await rmdir(join(audioDir, id)).catch(() => undefined);
  }

  async function placeAudio(
    job: Job,
    clips: readonly SpeechClip[],
    made: string[],
  ): Promise<Omit<KeptAudio, 'made'>> {
    const { id, kept, steps } = job;
    const extension = kept?.extension ?? clips[0]!.extension;
    const done = (kept?.partial?.done ?? 0) + clips.length;
    const name = done === steps ? `${id}.${extension}` : `${id}.1-${done}.${extension}`;
    const keptFile = kept?.layout === 'file' ? join(audioDir, kept.files[0]!) : null;
    const pieces = [...(keptFile ? [keptFile] : []), ...clips.map((clip) => clip.path)];
    if (kept?.layout !== 'parts') {
      if (pieces.length === 1) {
        made.push(name);
        await placeCopy(pieces[0]!, join(audioDir, name));
        const durationSec = audioSeconds(new Uint8Array(await readFile(join(audioDir, name))), extension);
        return { layout: 'file', files: [name], bytes: clips[0]!.bytes, durationSec };
      }
      const kind = joinKindFor(extension);
      if (kind) {
        try {
          made.push(name);
          const joined = await joinAudioFiles(kind, pieces, join(audioDir, name));
          return { layout: 'file', files: [name], ...joined };
        } catch (error) {
          if (!(error instanceof JoinRefused)) throw error;
          made.pop();
          log.warn(`kept ${pieces.length} pieces apart: ${error.message}`);
        }
      }
    }
    // Kept apart: numbered by place in the whole text, so a continued clip's names follow on.
    const digits = String(steps).length;
    const first = (kept?.partial?.done ?? 0) + 1;
    const folder = join(audioDir, id);
    await mkdir(folder, { recursive: true });
    const files = kept ? [...kept.files] : [];
    let durationSec: number | null = kept ? kept.durationSec : 0;
    let bytes = kept?.bytes ?? 0;
    for (const [index, clip] of clips.entries()) {
      const part = `part-${String(first + index).padStart(digits, '0')}.${extension}`;
      made.push(`${id}/${part}`);
      await placeCopy(clip.path, join(folder, part));
      files.push(`${id}/${part}`);
      bytes += clip.bytes;
      const seconds = audioSeconds(new Uint8Array(await readFile(join(folder, part))), extension);
      durationSec = durationSec === null || seconds === null ? null : durationSec + seconds;
    }
    return { layout: 'parts', files, bytes, durationSec };
  }

  async function removeAudio(stored: Pick<StoredEntry, 'id' | 'layout' | 'files'>): Promise<void> {
    if (stored.layout === 'parts') await rm(join(audioDir, stored.id), { recursive: true, force: true });
    for (const file of stored.files) await rm(join(audioDir, file), { force: true });
  }

  /** Audio files of `before` that `after` no longer uses (a partial clip's file, once joined on). */
  async function removeReplaced(before: StoredEntry, after: Pick<StoredEntry, 'files'>): Promise<void> {
    for (const file of before.files) {
      if (!after.files.includes(file)) await rm(join(audioDir, file), { force: true });
    }
  }

  async function writeEntry(stored: StoredEntry): Promise<void> {
    await writeFileAtomic(entryPath(stored.id), `${JSON.stringify(stored, null, 2)}\n`);
  }

  /**
   * Speaks `job.remaining` part by part into a work folder, then keeps what arrived: the whole clip, or a
   * partial one when a part failed or the user stopped. Nothing arrived and nothing kept: the failure is
   * thrown. The work folder holds the job and every part that arrived (`done-<n>.<ext>`) as it arrives,
   * so a run the app never finished (a quit, a crash) is kept as a partial clip at the next start.
   */
  async function runJob(client: GatewayClient, job: Job, run: SpeechRun): Promise<SpeechOutcome> {
    const started = performance.now();
    const { id, kept, steps } = job;
    const before = kept?.partial?.done ?? 0;
    const work = workFolder(id);
    const clips: SpeechClip[] = [];
    // The work folder goes once what it holds is kept, or when nothing arrived; a keep that failed leaves
    // it (job file and parts) for the next start, so no part paid for is lost to a full disk.
    let settled = false;
    try {
      await mkdir(work, { recursive: true }).catch((error: unknown) => {
        throw new AppFailure('file_error', t('errors.speechStudio.folder'), {
          hint: t('errors.speechStudio.folderHint'),
          cause: error,
        });
      });
      await writeJobFile(job, work);
      let failure: Failure | null = null;
      let timeToFirstAudioMs: number | null = kept ? kept.timeToFirstAudioMs : null;
      for (const [index, input] of job.remaining.entries()) {
        const step = before + index + 1;
        // A stop that lands between two parts: the next one is not asked for (nor paid).
        if (run.signal.aborted) {
          failure = partFailure(new AppFailure('aborted', t('errors.speechStudio.stopped')), step, steps);
          break;
        }
        run.onProgress(step, steps);
        const callStarted = performance.now();
        try {
          const clip = await client.speech(
            { ...job.options, input },
            { directory: work, signal: run.signal },
          );
          timeToFirstAudioMs ??= Math.round(callStarted - started + clip.firstByteMs);
          // Named for its place, so a restart knows which parts arrived whole.
          const path = join(work, `done-${index}.${clip.extension}`);
          await rename(clip.path, path);
          clips.push({ ...clip, path });
        } catch (error) {
          failure = partFailure(error, step, steps);
          break;
        }
      }
      const outcome = await keepRun(job, clips, failure, {
        timeToFirstAudioMs,
        elapsedMs: (kept?.elapsedMs ?? 0) + Math.round(performance.now() - started),
      });
      settled = true;
      return outcome;
    } finally {
      if (settled || clips.length === 0)
        await rm(work, { recursive: true, force: true }).catch(() => undefined);
      else log.warn(`left ${clips.length} parts of a speech job to be kept at the next start`);
    }
  }

  /** Keeps a run's new parts after what the clip held: whole, or partial with the inputs still to send. */
  async function keepRun(
    job: Job,
    clips: readonly SpeechClip[],
    failure: Failure | null,
    timing: Pick<StoredEntry, 'timeToFirstAudioMs' | 'elapsedMs'>,
  ): Promise<SpeechOutcome> {
    const { id, kept, steps } = job;
    // Nothing arrived now and nothing before: there is no clip, only the failure (as before parts were kept).
    if (failure && clips.length === 0 && !kept) throw failure;
    const done = (kept?.partial?.done ?? 0) + clips.length;
    let audio: KeptAudio | null = null;
    try {
      audio = clips.length > 0 ? await keepAudio(job, clips) : null;
    } catch (error) {
      throw keepFailure(error, clips.length);
    }
    const stored: StoredEntry = {
      version: failure ? PARTIAL_VERSION : HISTORY_VERSION,
      id,
      createdAt: job.createdAt,
      text: job.text,
      options: job.options,
      parts: steps,
      layout: audio?.layout ?? kept!.layout,
      extension: kept?.extension ?? clips[0]!.extension,
      files: audio?.files ?? kept!.files,
      bytes: audio?.bytes ?? kept!.bytes,
      durationSec: audio ? audio.durationSec : kept!.durationSec,
      ...timing,
    };
    if (failure) {
      stored.partial = { done, error: failure.toAppError() };
      stored.remaining = job.remaining.slice(clips.length);
    }
    try {
      await writeEntry(stored);
    } catch (error) {
      // The history still describes what an earlier run kept; only the copies this keep made go (the
      // parts themselves are still in the work folder).
      if (audio) await removeMade(id, audio.made);
      throw keepFailure(error, clips.length);
    }
    if (kept) await removeReplaced(kept, stored);
    await remember(stored);
    return { entry: entryOf(stored), failure };
  }

  const workFolder = (id: string) => join(audioDir, `.${id}.partial`);

  /** What a restart needs to keep a run the app never finished; without it the run's parts are lost, not the clip. */
  async function writeJobFile(job: Job, work: string): Promise<void> {
    const record: JobRecord = {
      version: 1,
      id: job.id,
      createdAt: job.createdAt,
      text: job.text,
      options: job.options,
      steps: job.steps,
      remaining: job.remaining,
      before: job.kept?.partial?.done ?? 0,
    };
    try {
      await writeFileAtomic(join(work, JOB_FILE), JSON.stringify(record));
    } catch (error) {
      log.warn('could not write a speech job file; a quit mid-job would lose its parts', error);
    }
  }

  /**
   * A work folder left by a run the app never finished: the parts that had arrived become a partial clip
   * (or complete the clip, if all had), so nothing paid for is lost to a quit or a crash; then it goes.
   */
  async function keepUnfinished(id: string): Promise<boolean> {
    const work = workFolder(id);
    let job: JobRecord;
    let names: string[];
    try {
      const record = jobRecord.safeParse(JSON.parse(await readFile(join(work, JOB_FILE), 'utf8')));
      // Without its job file a folder's parts cannot be placed in any clip: nothing to keep.
      if (!record.success || record.data.id !== id) return true;
      job = record.data;
      names = await readdir(work);
    } catch {
      return true;
    }
    try {
      const clips: SpeechClip[] = [];
      for (let index = 0; index < job.remaining.length; index++) {
        const name = names.find((file) => new RegExp(`^done-${index}\\.[a-z0-9]{1,8}$`).test(file));
        if (!name) break;
        const path = join(work, name);
        clips.push({
          path,
          extension: extname(name).slice(1),
          format: job.options.format,
          bytes: (await stat(path)).size,
          contentType: null,
          elapsedMs: 0,
          firstByteMs: 0,
        });
      }
      if (clips.length === 0) return true;
      // The clip must still be as the run found it: none yet for a new job, else the partial clip it was
      // adding to. Otherwise the run was kept before the app went (only its folder was left): nothing to do.
      const stored = await readStored(`${id}.json`).catch(() => null);
      if (
        job.before === 0
          ? stored !== null
          : typeof stored !== 'object' || stored?.partial?.done !== job.before
      )
        return true;
      const kept = job.before === 0 ? null : (stored as StoredEntry);
      const step = job.before + clips.length + 1;
      const failure =
        clips.length < job.remaining.length
          ? new AppFailure('aborted', t('errors.speechStudio.closedBefore', { step, steps: job.steps }), {
              hint: t('errors.speechStudio.closedBeforeHint'),
            })
          : null;
      await keepRun({ ...job, kept }, clips, failure, {
        timeToFirstAudioMs: kept?.timeToFirstAudioMs ?? null,
        elapsedMs: kept?.elapsedMs ?? 0,
      });
      log.info(`kept ${clips.length} parts of an unfinished speech job`);
      return true;
    } catch (error) {
      log.warn('could not keep the parts of an unfinished speech job; they stay for the next try', error);
      return false;
    }
  }

  async function continuable(id: string): Promise<StoredEntry> {
    const stored = await readEntry(id);
    if (!stored.partial || !stored.remaining) {
      throw new AppFailure('invalid_input', t('errors.speechStudio.alreadyWhole'));
    }
    return stored;
  }

  return {
    async generate(client, request, run) {
      const split = splitSpeechText(request.text);
      if (split.parts.length === 0)
        throw new AppFailure('invalid_input', t('errors.speechStudio.typeSomething'));
      const options: StoredEntry['options'] = {
        model: request.model.trim(),
        voice: request.voice.trim(),
        format: request.format,
        speed: request.speed,
      };
      const instructions = request.instructions?.trim();
      if (instructions && speechTakesInstructions(options.model)) options.instructions = instructions;

      await load();
      const at = now();
      const id = newId(at);
      const release = claim(id, 'job');
      try {
        return await runJob(
          client,
          {
            id,
            createdAt: at.toISOString(),
            text: request.text,
            options,
            steps: split.parts.length,
            remaining: split.parts,
            kept: null,
          },
          run,
        );
      } finally {
        release();
      }
    },

    async checkContinuable(id) {
      checkId(id);
      const holder = claims.get(id);
      if (holder) throw busy(holder, 'job');
      await continuable(id);
    },

    async continue(client, id, run) {
      checkId(id);
      const release = claim(id, 'job');
      try {
        await load();
        // Parts an earlier run of this clip could not keep (its keep failed) join the clip first, so they
        // are neither sent again nor mixed with this run's.
        if (await exists(workFolder(id))) {
          if (!(await settleUnfinished(id))) {
            throw new AppFailure('file_error', t('errors.speechStudio.partsNotSaved'), {
              hint: t('errors.speechStudio.partsNotSavedHint'),
            });
          }
          // They were the rest of it: the clip is whole now, with nothing sent.
          const settled = await readEntry(id);
          if (!settled.partial) return { entry: entryOf(settled), failure: null };
        }
        const kept = await continuable(id);
        // The clip's own text and choices, as stored: not what the editor or the options hold now.
        return await runJob(
          client,
          {
            id,
            createdAt: kept.createdAt,
            text: kept.text,
            options: kept.options,
            steps: kept.parts,
            remaining: kept.remaining!,
            kept,
          },
          run,
        );
      } finally {
        release();
      }
    },

    async list(request = {}) {
      await load();
      const page = await index().page(request);
      const history: SpeechHistory = { entries: page.items, total: page.total, movedAside };
      if (page.rebuilding) history.rebuilding = page.rebuilding;
      return history;
    },

    indexSettled: async () => {
      await load();
      await index().settled();
    },

    warmIndex: () => void load().catch(() => undefined),

    async get(id) {
      return entryOf(await readEntry(id));
    },

    async remove(id) {
      checkId(id);
      const release = claim(id, 'delete');
      try {
        let stored: StoredEntry;
        try {
          stored = await readEntry(id);
        } catch (error) {
          if (error instanceof AppFailure && error.code === 'not_found') return false;
          throw error;
        }
        // The history entry goes first: a clip is never listed without its audio.
        await rm(entryPath(id), { force: true });
        await forget(id);
        await removeAudio(stored);
        return true;
      } finally {
        release();
      }
    },

    async saveCopy(id) {
      const stored = await readEntry(id);
      const extension = stored.extension;
      const chosen = await dialogs.save({
        title: t('errors.speechStudio.saveDialogTitle'),
        // A partial clip's copy says so, and is never taken for the whole clip saved later.
        defaultName: `${fileNameFrom(stored.text)}${stored.partial ? ` (${speechPartialLabel(stored.partial.done, stored.parts)})` : ''}.${extension}`,
        filters: [{ name: FORMAT_NAMES[stored.options.format], extensions: [extension] }],
      });
      if (chosen === null) return { path: null, files: [] };
      // Some platforms' dialogs do not add the filter's extension to a typed name.
      const path = extname(chosen).toLowerCase() === `.${extension}` ? chosen : `${chosen}.${extension}`;
      const stem = path.slice(0, -(extension.length + 1));
      const sources = stored.files.map((file) => join(audioDir, file));
      // The dialog asked before overwriting the file the user chose, and only that one: every other
      // name this save writes (the parts' numbered names, or the name with the extension added) must
      // be free, or the save takes the next free variant (`name (2)-1.ext`, `name (2).ext`, …).
      if (stored.layout === 'file') {
        if (path === chosen) {
          await copyAtomic(sources[0]!, path);
          return { path, files: [path] };
        }
        const files = await copyToFreeNames(sources, (suffix) => [`${stem}${suffix}.${extension}`]);
        return { path: files[0]!, files };
      }
      const files = await copyToFreeNames(sources, (suffix) =>
        sources.map((_, index) => `${stem}${suffix}-${index + 1}.${extension}`),
      );
      return { path, files };
    },
  };
}

/** What holds a clip: a job (a new one, or a continue) or a delete. */
type Claim = 'job' | 'delete';

function busy(holder: Claim, purpose: Claim): AppFailure {
  if (holder === 'delete') return new AppFailure('busy', t('errors.speechStudio.beingDeleted'));
  return purpose === 'delete'
    ? new AppFailure('busy', t('errors.speechStudio.beingContinued'), {
        hint: t('errors.speechStudio.stopThenDelete'),
      })
    : new AppFailure('busy', t('errors.speechStudio.alreadyContinued'), {
        hint: t('errors.speechStudio.waitOrStop'),
      });
}

/** The audio a keep put in the history's media folder, and the files it made there (to undo a failed keep). */
interface KeptAudio {
  layout: SpeechLayout;
  files: string[];
  bytes: number;
  durationSec: number | null;
  made: string[];
}

/** A keep that failed: every part that arrived is still in the job's work folder, kept at the next start. */
function keepFailure(error: unknown, arrived: number): AppFailure {
  const cause = isFailure(error) ? error.toAppError() : null;
  return new AppFailure('file_error', cause?.message ?? t('errors.speechStudio.notKept'), {
    hint:
      (arrived > 0 ? `${t('errors.speechStudio.partsNotLost')} ` : '') +
      (cause?.hint ?? t('errors.speechStudio.diskHint')),
    cause: error,
  });
}

/**
 * Puts `source` at `target` (replacing a file a crashed keep left there) and leaves `source` where it is:
 * a hard link, which costs no space, or a copy where the file system has none (FAT, exFAT, some shares).
 */
async function placeCopy(source: string, target: string): Promise<void> {
  const temp = tempBeside(target);
  try {
    await link(source, temp).catch(() => copyFile(source, temp));
    await rename(temp, target);
  } finally {
    // Where `target` already is a link to `source` (placed before a crash), rename keeps both names (POSIX).
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** How many variants of a name a save tries before it gives up. */
const MAX_NAME_VARIANTS = 1_000;

/**
 * Copies `sources` to the first set of names (`namesFor('')`, then `namesFor(' (2)')`, …) of which no
 * name is taken, without ever replacing an existing file: a name taken meanwhile (by another program)
 * sends the whole set to the next variant, and the files this save wrote under the taken set go.
 */
async function copyToFreeNames(sources: string[], namesFor: (suffix: string) => string[]): Promise<string[]> {
  for (let variant = 1; variant <= MAX_NAME_VARIANTS; variant++) {
    const targets = namesFor(variant === 1 ? '' : ` (${variant})`);
    if ((await Promise.all(targets.map(nameTaken))).some(Boolean)) continue;
    const written: string[] = [];
    let complete = true;
    for (const [index, target] of targets.entries()) {
      if (!(await copyNew(sources[index]!, target))) {
        complete = false;
        break;
      }
      written.push(target);
    }
    if (complete) return targets;
    for (const file of written) await rm(file, { force: true });
  }
  throw new AppFailure('file_error', t('errors.speechStudio.namesTaken'), {
    hint: t('errors.speechStudio.namesTakenHint'),
  });
}

async function nameTaken(path: string): Promise<boolean> {
  try {
    // lstat: a link that points nowhere still holds its name.
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** Copies `source` to `target` only if no file is there; false (and nothing written) if one is. */
async function copyNew(source: string, target: string): Promise<boolean> {
  const temp = tempBeside(target);
  try {
    await copyFile(source, temp);
    try {
      // A hard link is placed only if the name is free, atomically: no window between check and write.
      await link(temp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      // File systems without hard links (FAT, exFAT, some shares): check, then move into place.
      if (await nameTaken(target)) return false;
      await rename(temp, target);
    }
    return true;
  } catch (error) {
    throw await saveFailure(error, source, target);
  } finally {
    // The temp name after a link (the target keeps the data), or after a refusal.
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

function newId(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

/** A file name from the first words of the text: what a person would call the clip. */
export function fileNameFrom(text: string): string {
  const words = text
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, ' ')
    .split(/[\s.,;!?]+/)
    .filter(Boolean);
  let name = '';
  for (const word of words) {
    if (name.length + word.length + 1 > 48) break;
    name = name ? `${name} ${word}` : word;
  }
  return name.replace(/^[.\s]+/, '') || 'speech';
}

/**
 * A failed part says which part it was, classified as the gateway client classified it (its hint,
 * status and request id kept); a stop says where it stopped.
 */
function partFailure(error: unknown, step: number, steps: number): Failure {
  const appError = toAppError(error);
  if (appError.code === 'aborted') {
    return new AppFailure(
      'aborted',
      steps === 1 ? t('errors.speechStudio.stopped') : t('errors.speechStudio.stoppedAt', { step, steps }),
    );
  }
  if (steps === 1) return isFailure(error) ? error : AppFailure.from(appError);
  return AppFailure.from({ ...appError, message: `Part ${step} of ${steps}: ${appError.message}` });
}

function tempBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`);
}

async function copyAtomic(source: string, target: string): Promise<void> {
  const temp = tempBeside(target);
  try {
    await copyFile(source, temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw await saveFailure(error, source, target);
  }
}

async function saveFailure(error: unknown, source: string, target: string): Promise<AppFailure> {
  const missing = (error as NodeJS.ErrnoException).code === 'ENOENT' && !(await exists(source));
  return new AppFailure(
    'file_error',
    missing ? t('errors.speechStudio.audioMissing') : t('errors.speechStudio.notSavedTo', { target }),
    {
      hint: missing ? t('errors.speechStudio.audioMissingHint') : t('errors.speechStudio.notSavedToHint'),
      cause: error,
    },
  );
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function notFound(): AppFailure {
  return new AppFailure('not_found', t('errors.speechStudio.gone'), {
    hint: t('errors.speechStudio.goneHint'),
  });
}

function historyUnreadable(error: unknown): AppFailure {
  return new AppFailure('file_error', t('errors.speechStudio.historyUnreadable'), {
    hint: t('errors.speechStudio.historyUnreadableHint'),
    cause: error,
  });
}
