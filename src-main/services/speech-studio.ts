// The Speak panel's main side: a text of any length spoken in parts, joined where the format allows,
// kept in a history (one versioned JSON per clip under `<dataDir>/history/speech/`, audio under
// `<dataDir>/media/speech/` where the page can play it), saved elsewhere on request, deleted with its audio.
import { randomBytes } from 'node:crypto';
import { copyFile, link, lstat, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { z } from 'zod';
import {
  type SpeechEntry,
  type SpeechFormat,
  type SpeechHistory,
  type SpeechLayout,
  type SpeechRequest,
  type SpeechSummary,
  speechCharacters,
  speechTakesInstructions,
} from '../../src-preload/contract.ts';
import { AppFailure, toAppError } from '../app-failure.ts';
import { mediaUrlFor } from '../app-origin.ts';
import type { GatewayClient } from '../gateway/types.ts';
import type { Dialogs } from '../ipc/types.ts';
import { createLogger } from '../log.ts';
import { moveAside, writeFileAtomic } from './atomic-file.ts';
import { previewOf } from './preview.ts';
import { audioSeconds } from './speech-audio.ts';
import { JoinRefused, joinAudioFiles, joinKindFor } from './speech-join.ts';
import { splitSpeechText } from './speech-parts.ts';
import { readStoredText, tooLargeProblem } from './stored-file.ts';

const HISTORY_VERSION = 1;
/**
 * The largest history file read. The IPC schema keeps the text to `MAX_SPEECH_TEXT` (200,000) characters
 * and the instructions to 10,000: even at six bytes a character (an escaped control character) an entry
 * stays near 1.3 MB, so a larger file is none the app wrote and is set aside.
 */
export const MAX_SPEECH_ENTRY_BYTES = 2 * 1024 * 1024;
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

/** A history file, version 1. */
const storedEntry = z.object({
  version: z.literal(HISTORY_VERSION),
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
});
type StoredEntry = z.infer<typeof storedEntry>;

export interface SpeechRun {
  signal: AbortSignal;
  /** Part `step` of `steps` is about to be requested. */
  onProgress(step: number, steps: number): void;
}

export interface SpeechStudio {
  generate(client: GatewayClient, request: SpeechRequest, run: SpeechRun): Promise<SpeechEntry>;
  list(): Promise<SpeechHistory>;
  get(id: string): Promise<SpeechEntry>;
  remove(id: string): Promise<boolean>;
  /** Asks where to save (native dialog) and copies the audio there. */
  saveCopy(id: string): Promise<{ path: string | null; files: string[] }>;
}

export interface SpeechStudioOptions {
  dataDir: string;
  dialogs: Pick<Dialogs, 'save'>;
  now?: () => Date;
  /** The largest history file read (`MAX_SPEECH_ENTRY_BYTES`); a larger one is set aside. Tests pass less. */
  maxFileBytes?: number;
}

export function createSpeechStudio({
  dataDir,
  dialogs,
  now = () => new Date(),
  maxFileBytes = MAX_SPEECH_ENTRY_BYTES,
}: SpeechStudioOptions): SpeechStudio {
  const log = createLogger('speech');
  const historyDir = join(dataDir, 'history', 'speech');
  const audioDir = join(dataDir, 'media', 'speech');
  /** Summaries by id, newest first once sorted; loaded from disk on first use. */
  let cache: Map<string, SpeechSummary> | null = null;
  let movedAside = 0;
  const running = new Set<string>();

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
    if (typeof version === 'number' && version > HISTORY_VERSION) return 'newer';
    const parsed = storedEntry.safeParse(raw);
    return parsed.success && `${parsed.data.id}.json` === file ? parsed.data : 'corrupt';
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

  /** The first read of the history; calls that overlap it share it rather than each build a list. */
  let loading: Promise<Map<string, SpeechSummary>> | null = null;

  function load(): Promise<Map<string, SpeechSummary>> {
    loading ??= readHistory().catch((error: unknown) => {
      loading = null; // A failed read is tried again next time.
      throw error;
    });
    return loading;
  }

  async function readHistory(): Promise<Map<string, SpeechSummary>> {
    const loaded = new Map<string, SpeechSummary>();
    let files: string[] = [];
    try {
      files = (await readdir(historyDir)).filter((name) => name.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw historyUnreadable(error);
    }
    for (const file of files) {
      // A file deleted meanwhile (by another window) is simply not listed.
      const stored = await readStored(file).catch(() => null);
      if (stored === null) continue;
      if (stored === 'corrupt') await setAside(file);
      else if (stored !== 'newer') loaded.set(stored.id, summaryOf(stored));
    }
    await sweepUnfinished();
    cache = loaded;
    return loaded;
  }

  /** Work folders of jobs that never finished (the app quit mid-job). */
  async function sweepUnfinished(): Promise<void> {
    let names: string[] = [];
    try {
      names = await readdir(audioDir);
    } catch {
      return;
    }
    for (const name of names) {
      const id = /^\.(.+)\.partial$/.exec(name)?.[1];
      if (id && !running.has(id)) await rm(join(audioDir, name), { recursive: true, force: true });
    }
  }

  async function readEntry(id: string): Promise<StoredEntry> {
    checkId(id);
    const stored = await readStored(`${id}.json`);
    if (stored === 'newer') {
      throw new AppFailure('file_error', 'This clip was saved by a newer version of Gateway Studio.', {
        hint: 'Update the app to open it.',
      });
    }
    if (stored === 'corrupt') {
      await setAside(`${id}.json`);
      cache?.delete(id);
      throw new AppFailure('file_error', 'This clip’s history file is damaged and was moved aside.', {
        hint: 'Generate the clip again.',
      });
    }
    return stored;
  }

  /** Puts the parts' audio where the history keeps it: one file, or a folder of numbered parts. */
  async function keepAudio(
    id: string,
    clips: ReadonlyArray<{ path: string; extension: string; bytes: number }>,
    work: string,
  ): Promise<{ layout: SpeechLayout; files: string[]; bytes: number; durationSec: number | null }> {
    const extension = clips[0]!.extension;
    const single = `${id}.${extension}`;
    if (clips.length === 1) {
      const clip = clips[0]!;
      await rename(clip.path, join(audioDir, single));
      const durationSec = audioSeconds(new Uint8Array(await readFile(join(audioDir, single))), extension);
      return { layout: 'file', files: [single], bytes: clip.bytes, durationSec };
    }
    const kind = joinKindFor(extension);
    if (kind) {
      try {
        const joined = await joinAudioFiles(
          kind,
          clips.map((clip) => clip.path),
          join(audioDir, single),
        );
        return { layout: 'file', files: [single], ...joined };
      } catch (error) {
        if (!(error instanceof JoinRefused)) throw error;
        log.warn(`kept ${clips.length} parts apart: ${error.message}`);
      }
    }
    const digits = String(clips.length).length;
    const files: string[] = [];
    let durationSec: number | null = 0;
    let bytes = 0;
    for (const [index, clip] of clips.entries()) {
      const name = `part-${String(index + 1).padStart(digits, '0')}.${extension}`;
      await rename(clip.path, join(work, name));
      files.push(`${id}/${name}`);
      bytes += clip.bytes;
      const seconds = audioSeconds(new Uint8Array(await readFile(join(work, name))), extension);
      durationSec = durationSec === null || seconds === null ? null : durationSec + seconds;
    }
    await rename(work, join(audioDir, id));
    return { layout: 'parts', files, bytes, durationSec };
  }

  async function removeAudio(stored: Pick<StoredEntry, 'id' | 'layout' | 'files'>): Promise<void> {
    if (stored.layout === 'parts') await rm(join(audioDir, stored.id), { recursive: true, force: true });
    for (const file of stored.files) await rm(join(audioDir, file), { force: true });
  }

  return {
    async generate(client, request, run) {
      const started = performance.now();
      const split = splitSpeechText(request.text);
      const steps = split.parts.length;
      if (steps === 0) throw new AppFailure('invalid_input', 'Type something to speak.');
      const options: StoredEntry['options'] = {
        model: request.model.trim(),
        voice: request.voice.trim(),
        format: request.format,
        speed: request.speed,
      };
      const instructions = request.instructions?.trim();
      if (instructions && speechTakesInstructions(options.model)) options.instructions = instructions;

      await load();
      const id = newId(now());
      const work = join(audioDir, `.${id}.partial`);
      running.add(id);
      try {
        await mkdir(work, { recursive: true }).catch((error: unknown) => {
          throw new AppFailure('file_error', 'The folder for speech clips could not be created.', {
            hint: 'Check that the app data folder is writable.',
            cause: error,
          });
        });
        const clips: Array<{ path: string; extension: string; bytes: number }> = [];
        let timeToFirstAudioMs: number | null = null;
        for (const [index, input] of split.parts.entries()) {
          run.onProgress(index + 1, steps);
          const callStarted = performance.now();
          try {
            const clip = await client.speech({ ...options, input }, { directory: work, signal: run.signal });
            timeToFirstAudioMs ??= Math.round(callStarted - started + clip.firstByteMs);
            clips.push(clip);
          } catch (error) {
            throw partFailure(error, index + 1, steps);
          }
        }
        if (run.signal.aborted) throw new AppFailure('aborted', 'Stopped.');
        const kept = await keepAudio(id, clips, work);
        const stored: StoredEntry = {
          version: HISTORY_VERSION,
          id,
          createdAt: now().toISOString(),
          text: request.text,
          options,
          parts: steps,
          layout: kept.layout,
          extension: clips[0]!.extension,
          files: kept.files,
          bytes: kept.bytes,
          durationSec: kept.durationSec,
          timeToFirstAudioMs,
          elapsedMs: Math.round(performance.now() - started),
        };
        try {
          await writeFileAtomic(entryPath(id), `${JSON.stringify(stored, null, 2)}\n`);
        } catch (error) {
          await removeAudio(stored);
          throw new AppFailure('file_error', 'The clip could not be saved in the history.', {
            hint: 'Check that the app data folder is writable and the disk is not full.',
            cause: error,
          });
        }
        (await load()).set(id, summaryOf(stored));
        return entryOf(stored);
      } finally {
        running.delete(id);
        await rm(work, { recursive: true, force: true }).catch(() => undefined);
      }
    },

    async list() {
      const entries = [...(await load()).values()].sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
      );
      return { entries, movedAside };
    },

    async get(id) {
      return entryOf(await readEntry(id));
    },

    async remove(id) {
      checkId(id);
      let stored: StoredEntry;
      try {
        stored = await readEntry(id);
      } catch (error) {
        if (error instanceof AppFailure && error.code === 'not_found') return false;
        throw error;
      }
      // The history entry goes first: a clip is never listed without its audio.
      await rm(entryPath(id), { force: true });
      cache?.delete(id);
      await removeAudio(stored);
      return true;
    },

    async saveCopy(id) {
      const stored = await readEntry(id);
      const extension = stored.extension;
      const chosen = await dialogs.save({
        title: 'Save speech',
        defaultName: `${fileNameFrom(stored.text)}.${extension}`,
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
  throw new AppFailure('file_error', 'The clip could not be saved: every name for it is taken.', {
    hint: 'Choose another name or folder.',
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

/** A failed part says which part it was (the gateway's hint is kept). */
function partFailure(error: unknown, step: number, steps: number): unknown {
  if (!(error instanceof AppFailure) || steps === 1 || error.code === 'aborted') return error;
  const appError = toAppError(error);
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
    missing ? 'The clip’s audio file is missing.' : `The clip could not be saved to ${target}.`,
    {
      hint: missing
        ? 'It may have been deleted outside the app. Generate the clip again.'
        : 'Check that the folder exists and that you may write there.',
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
  return new AppFailure('not_found', 'This clip is no longer in the history.', {
    hint: 'It may have been deleted in another window.',
  });
}

function historyUnreadable(error: unknown): AppFailure {
  return new AppFailure('file_error', 'The speech history could not be read.', {
    hint: 'Check that the app data folder is readable.',
    cause: error,
  });
}
