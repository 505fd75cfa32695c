// Saved transcripts: one versioned JSON file per entry in `<dataDir>/history/transcripts/`, written
// atomically. A file that cannot be read is moved aside (`<id>.json.corrupt-<time>`) and left out of the
// list: one bad file never hides the others, nor stops the app, and the user is told (`onNotice`: the
// transcript list carries no count, so it goes where the window shows notices). A file of a newer build is
// left alone, and remembered (with the audio it names) rather than read again.
//
// The list and its search are answered from the history's persistent index (saved-index/, as the
// conversations' are: summary, audio path and search words per entry, updated with each save and delete,
// checked against the folder in the background at start), one page at a time: a start with thousands of
// transcripts reads the index, never the transcripts, and a list is one page of summaries.
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type {
  AudioFile,
  Notice,
  ShownTranscript,
  TranscribeMode,
  Transcript,
  TranscriptionOptions,
  TranscriptList,
  TranscriptSegment,
  TranscriptSummary,
} from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { isInsideFolder } from '../folders.ts';
import { t } from '../i18n/index.ts';
import { createLogger } from '../log.ts';
import { fileStamp, moveAside, writeFileAtomic } from './atomic-file.ts';
import { realFolder } from './audio-files.ts';
import { isMissing } from './file-missing.ts';
import { createTurns } from './in-turn.ts';
import { previewOf } from './preview.ts';
import { createSavedIndex, type SavedIndex, type StoredFileStamp } from './saved-index/saved-index.ts';
import { readStoredText, type StoredText, tooLargeProblem } from './stored-file.ts';

const FORMAT_VERSION = 1;
/** Where the history lives inside the data folder. */
export const TRANSCRIPTS_FOLDER = join('history', 'transcripts');
/**
 * The largest entry read. An entry holds the gateway's answer twice over (as `raw` and parsed); a day of
 * speech with word timings comes to a few tens of MB, while a file of hundreds of MB would cost gigabytes
 * to read and parse and is none the app wrote.
 */
export const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;
/** Entry ids are file names: lower-case letters, digits and dashes only, so no id can name another path. */
export const TRANSCRIPT_ID_PATTERN = /^[a-z0-9-]{1,80}$/;

export const transcriptSchema = z.object({
  text: z.string(),
  segments: z.array(
    z.object({
      id: z.number(),
      start: z.number(),
      end: z.number(),
      text: z.string(),
      speaker: z.string().optional(),
    }),
  ),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })),
  language: z.string().optional(),
  duration: z.number().optional(),
  raw: z.string(),
  format: z.enum(['json', 'text', 'srt', 'vtt', 'verbose_json', 'diarized_json']),
});

export const optionsSchema = z.object({
  model: z.string(),
  language: z.string().optional(),
  prompt: z.string().optional(),
  responseFormat: transcriptSchema.shape.format.optional(),
  temperature: z.number().optional(),
  timestampGranularities: z.array(z.enum(['segment', 'word'])).optional(),
  chunkingStrategy: z.literal('auto').optional(),
  stream: z.boolean().optional(),
});

const storedSchema = z.object({
  version: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  name: z.string(),
  mode: z.enum(['transcribe', 'translate']),
  model: z.string(),
  kind: z.enum(['file', 'recording']),
  durationSec: z.number().nullable(),
  language: z.string().nullable(),
  preview: z.string(),
  segmentCount: z.number(),
  options: optionsSchema,
  transcript: transcriptSchema,
  audioPath: z.string(),
});

/** What the window gets of a transcript (`ShownTranscript`): all but the word timings and the raw answer. */
export function shownTranscript(transcript: Transcript): ShownTranscript {
  const { words: _words, raw: _raw, ...shown } = transcript;
  return shown;
}

/** A transcript to keep, as the transcription job knows it. */
export interface NewTranscript {
  name: string;
  mode: TranscribeMode;
  options: TranscriptionOptions;
  transcript: Transcript;
  audioPath: string;
  kind: AudioFile['kind'];
  durationSec: number | null;
}

/** An entry as stored: everything but the audio's playable form, which only main can make. */
export interface StoredTranscript extends TranscriptSummary {
  options: TranscriptionOptions;
  transcript: Transcript;
  audioPath: string;
}

/** One page of the list: `offset` entries skipped, at most `limit` (all without). */
export interface TranscriptListRequest {
  query?: string;
  offset?: number;
  limit?: number;
}

export interface TranscriptHistory {
  save(entry: NewTranscript): Promise<TranscriptSummary>;
  /**
   * Newest first, one page; every word of `query` must appear in the name or the text (the last typed word
   * as the start of one; case and accents ignored; CJK without spaces).
   */
  list(request?: TranscriptListRequest | string): Promise<TranscriptList>;
  /** Resolves once the index's start-up check is done and its journal written (tests, benches). */
  indexSettled(): Promise<void>;
  /** Starts reading the index now (the app's start), so the first list finds it in memory. */
  warmIndex(): void;
  get(id: string): Promise<StoredTranscript>;
  /** Segments `from` … `from + count - 1` of an entry (fewer at its end), and how many it has. */
  segments(
    id: string,
    from: number,
    count: number,
  ): Promise<{ segments: TranscriptSegment[]; total: number }>;
  /** Removes an entry, and its recording when no other entry uses it (`removedAudio`: that file). */
  delete(id: string): Promise<{ deleted: boolean; removedAudio: string | null }>;
  /**
   * Which of `names` (file names in the recordings folder) an entry plays: one listed, one written by a
   * newer build, or one set aside as damaged (it may be repaired by hand). `null` when that cannot be
   * known (the folder or an entry could not be read): then any of them may be in use. Answered from the
   * list's index, so only entries changed since the last look are read again.
   */
  recordingsInUse(names: Iterable<string>): Promise<Set<string> | null>;
}

export interface TranscriptHistoryOptions {
  /** `<dataDir>/history/transcripts` */
  directory: string;
  /** Audio in here belongs to the history and goes with its last entry; audio elsewhere is the user's. */
  recordingsDir: string;
  now?: () => Date;
  /** Where the user hears that a damaged entry was moved aside (the settings state's notices). */
  onNotice?: (notice: Notice) => void;
  /** The largest entry read (`MAX_TRANSCRIPT_BYTES`); a larger one is set aside like a damaged one. */
  maxFileBytes?: number;
  /**
   * Whether something besides the history still needs a recording (an unfinished long recording cut from
   * it): the last entry's delete then leaves the file.
   */
  recordingHeld?: (path: string) => Promise<boolean>;
  /** The index's journal without its ending; by default `indexes/transcripts` in the data folder. */
  indexPath?: string;
  /** How long a list waits for the index's running check before answering with what it has (ms). */
  listWaitMs?: number;
}

/** What the index keeps of an entry: its summary and the audio it plays (kept out of the list's answer). */
type IndexedTranscript = TranscriptSummary & { audioPath: string };

const MODES = new Set(['transcribe', 'translate']);
const KINDS = new Set(['file', 'recording']);

/** A summary read back from the index: the fields the list shows, of the kinds they should be. */
function isIndexedTranscript(value: unknown, id: string): value is IndexedTranscript {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.id === id &&
    typeof v.createdAt === 'string' &&
    typeof v.name === 'string' &&
    MODES.has(v.mode as string) &&
    typeof v.model === 'string' &&
    KINDS.has(v.kind as string) &&
    (v.durationSec === null || typeof v.durationSec === 'number') &&
    (v.language === null || typeof v.language === 'string') &&
    typeof v.preview === 'string' &&
    typeof v.segmentCount === 'number' &&
    typeof v.audioPath === 'string'
  );
}

const newestFirst = (a: TranscriptSummary, b: TranscriptSummary) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** The summary the window gets: what the index keeps, without the audio's path. */
function listed({ audioPath: _audioPath, ...summary }: IndexedTranscript): TranscriptSummary {
  return summary;
}

function summaryOf(id: string, stored: z.infer<typeof storedSchema>): TranscriptSummary {
  const { createdAt, name, mode, model, kind, durationSec, language, preview, segmentCount } = stored;
  return { id, createdAt, name, mode, model, kind, durationSec, language, preview, segmentCount };
}

/** An entry written by a newer build: left alone, but what audio it plays (if it says so) is known. */
interface NewerEntry {
  newer: true;
  audioPath: string | null;
}

const isNewer = (stored: unknown): stored is NewerEntry =>
  typeof stored === 'object' && stored !== null && 'newer' in stored;

/** The name `moveAside` gives a damaged entry's file. */
const isSetAside = (file: string) => /\.json\.corrupt-/.test(file);

/**
 * Which of `names` occur in a file's bytes, read a piece at a time: a damaged entry cannot be parsed,
 * and may be one set aside for its size. A piece keeps the previous one's tail, so no name is missed
 * where two pieces meet.
 */
async function namesMentionedIn(path: string, names: ReadonlySet<string>): Promise<Set<string>> {
  const wanted = [...names].map((name) => ({ name, bytes: Buffer.from(name, 'utf8') }));
  const overlap = Math.max(0, ...wanted.map(({ bytes }) => bytes.length - 1));
  const found = new Set<string>();
  let tail = Buffer.alloc(0);
  for await (const piece of createReadStream(path)) {
    const window = Buffer.concat([tail, piece as Buffer]);
    for (const { name, bytes } of wanted) if (!found.has(name) && window.includes(bytes)) found.add(name);
    if (found.size === wanted.length) break;
    tail = window.subarray(window.length - Math.min(overlap, window.length));
  }
  return found;
}

export function createTranscriptHistory(options: TranscriptHistoryOptions): TranscriptHistory {
  const { directory, recordingsDir } = options;
  const now = options.now ?? (() => new Date());
  const onNotice = options.onNotice ?? (() => {});
  const maxFileBytes = options.maxFileBytes ?? MAX_TRANSCRIPT_BYTES;
  const log = createLogger('history');
  const indexPath = options.indexPath ?? join(dirname(dirname(directory)), 'indexes', 'transcripts');
  /** The last entry `get` read, while its file stays as it was (same size and time). */
  let lastRead: { id: string; size: number; mtimeMs: number; entry: StoredTranscript } | null = null;
  /** Entries whose setting aside the user has been told of in this run. */
  const reported = new Set<string>();

  const fileOf = (id: string) => {
    if (!TRANSCRIPT_ID_PATTERN.test(id)) {
      throw new AppFailure('invalid_input', t('errors.transcriptHistory.badId'));
    }
    return join(directory, `${id}.json`);
  };

  const setAside = async (id: string, problem: unknown, reason = 'its file is damaged') => {
    const at = now();
    const aside = await moveAside(fileOf(id), at).catch(() => null);
    log.warn(
      `transcript ${id} could not be read; moved aside to ${aside ?? '(could not be moved)'}`,
      problem,
    );
    // Gone meanwhile (deleted in another window) is not news; a file that stayed put is, as it is not listed,
    // but once: one that cannot be moved (a read-only folder) is read again by every list.
    if (aside === null && !existsSync(fileOf(id))) return;
    if (reported.has(id)) return;
    reported.add(id);
    onNotice({
      id: `corrupt-transcript-${id}-${fileStamp(at)}`,
      level: 'warning',
      message: `A saved transcript could not be read (${reason}), so it is not in the history. ${aside === null ? `Its file could not be moved aside: ${fileOf(id)}.` : `The file was kept as ${aside}.`}`,
    });
  };

  /**
   * The stored entry, `null` when there is none, `'corrupt'` (already moved aside), or a `NewerEntry`:
   * written by a newer build, left alone rather than "repaired" into something older (and not listed).
   */
  const read = async (id: string) => {
    const path = fileOf(id);
    let stored: StoredText;
    try {
      stored = await readStoredText(path, maxFileBytes);
    } catch (error) {
      throw new AppFailure('file_error', t('errors.transcriptHistory.unreadable'), { cause: error });
    }
    if (stored.kind === 'missing') return null;
    if (stored.kind === 'oversized') {
      const problem = tooLargeProblem(stored.size, stored.limit);
      await setAside(id, problem, problem);
      return 'corrupt' as const;
    }
    try {
      const raw: unknown = JSON.parse(stored.text);
      const { version, audioPath } = (raw ?? {}) as { version?: unknown; audioPath?: unknown };
      if (typeof version === 'number' && version > FORMAT_VERSION) {
        return { newer: true, audioPath: typeof audioPath === 'string' ? audioPath : null } as NewerEntry;
      }
      return storedSchema.parse(raw);
    } catch (error) {
      await setAside(id, error);
      return 'corrupt' as const;
    }
  };

  const newerVersion = () =>
    new AppFailure('file_error', t('errors.transcriptHistory.newer'), {
      hint: t('errors.transcriptHistory.updateToOpen'),
    });

  /** Work on one entry runs one after another (a delete and the index's check of the same file). */
  const inTurn = createTurns();

  /** The index, started at the first call that needs it (a history made and never used reads nothing). */
  let savedIndex: SavedIndex<IndexedTranscript> | null = null;
  function index(): SavedIndex<IndexedTranscript> {
    savedIndex ??= createSavedIndex<IndexedTranscript>({
      name: 'transcripts',
      path: indexPath,
      scan: scanFolder,
      read: (id) =>
        inTurn(id, async () => {
          const path = fileOf(id);
          const info = await stat(path).catch(() => null);
          const stored = await read(id).catch(() => 'unreadable' as const);
          // Not listed, but what audio it plays cannot be known: none may be deleted meanwhile.
          if (stored === 'unreadable') unreadable.add(id);
          else unreadable.delete(id);
          if (stored === null || stored === 'corrupt' || stored === 'unreadable' || info === null)
            return { kind: 'gone' };
          if (isNewer(stored)) {
            log.warn(`transcript ${id} was saved by a newer version; not listed`);
            return { kind: 'newer', size: info.size, mtimeMs: info.mtimeMs, note: stored.audioPath };
          }
          return {
            kind: 'ok',
            summary: { ...summaryOf(id, stored), audioPath: stored.audioPath },
            texts: [stored.name, stored.transcript.text],
            size: info.size,
            mtimeMs: info.mtimeMs,
          };
        }),
      compare: newestFirst,
      isSummary: isIndexedTranscript,
      warn: (message, error) => log.warn(message, error),
      ...(options.listWaitMs === undefined ? {} : { listWaitMs: options.listWaitMs }),
    });
    return savedIndex;
  }

  /**
   * Entries whose files could not be read at all (not damaged: unreadable, e.g. no permission), and whether
   * the folder could not be listed: either way, what audio the history plays is not known.
   */
  const unreadable = new Set<string>();
  let unlisted = false;

  /** Every entry file with its size and time. */
  async function scanFolder(): Promise<StoredFileStamp[]> {
    let names: string[];
    try {
      names = await readdir(directory);
      unlisted = false;
    } catch (error) {
      if (isMissing(error)) return [];
      unlisted = true;
      throw error;
    }
    const found: StoredFileStamp[] = [];
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      if (!TRANSCRIPT_ID_PATTERN.test(id)) continue;
      const info = await stat(join(directory, name)).catch(() => null);
      if (info) found.push({ id, size: info.size, mtimeMs: info.mtimeMs });
    }
    return found;
  }

  /** An entry found gone or damaged outside a delete leaves the list. */
  async function forget(id: string): Promise<void> {
    const saved = index();
    await saved.ready();
    saved.remove(id);
  }

  /**
   * The audio every entry plays, once the index knows every file (a start's check still running may not
   * have read them all): `null` stands for a newer build's entry that does not say what it plays.
   */
  async function audioInUse(): Promise<Array<string | null>> {
    const saved = index();
    await saved.checked();
    const paths: Array<string | null> = [];
    if (unlisted || unreadable.size > 0) paths.push(null);
    for (const summary of saved.summaries()) paths.push(summary.audioPath);
    for (const note of saved.newerNotes()) paths.push(typeof note === 'string' ? note : null);
    return paths;
  }

  return {
    async save(entry) {
      const id = randomUUID();
      const stored: z.infer<typeof storedSchema> = {
        version: FORMAT_VERSION,
        createdAt: now().toISOString(),
        name: entry.name,
        mode: entry.mode,
        model: entry.options.model,
        kind: entry.kind,
        durationSec: entry.durationSec,
        language:
          entry.transcript.language ??
          (entry.mode === 'transcribe' && entry.options.language ? entry.options.language : null),
        preview: previewOf(entry.transcript.text),
        segmentCount: entry.transcript.segments.length,
        options: entry.options,
        transcript: entry.transcript,
        audioPath: entry.audioPath,
      };
      const path = fileOf(id);
      try {
        await writeFileAtomic(path, JSON.stringify({ id, ...stored }));
      } catch (error) {
        throw new AppFailure('file_error', t('errors.transcriptHistory.notSaved'), {
          hint: t('errors.transcriptHistory.notSavedHint'),
          cause: error,
        });
      }
      const summary = summaryOf(id, stored);
      const info = await stat(path).catch(() => null);
      // Without its time the index could not tell a later change apart: the next start's check reads the file.
      if (info) {
        const saved = index();
        await saved.ready();
        saved.put(
          id,
          { ...summary, audioPath: entry.audioPath },
          [stored.name, stored.transcript.text],
          info.size,
          info.mtimeMs,
        );
      }
      return summary;
    },

    async list(request = {}) {
      const { query, offset, limit } = typeof request === 'string' ? { query: request } : request;
      const page = await index().page({ query, offset, limit });
      const list: TranscriptList = { transcripts: page.items.map(listed), total: page.total };
      if (page.rebuilding) list.rebuilding = page.rebuilding;
      return list;
    },

    indexSettled: () => index().settled(),

    warmIndex: () => void index(),

    async get(id) {
      // The entry just opened is asked for again, page by page, while its list fills in: it is read once.
      const info = await stat(fileOf(id)).catch(() => null);
      if (info && lastRead?.id === id && lastRead.size === info.size && lastRead.mtimeMs === info.mtimeMs)
        return lastRead.entry;
      const stored = await read(id);
      if (stored === null || stored === 'corrupt') await forget(id);
      if (stored === null) {
        throw new AppFailure('not_found', t('errors.transcriptHistory.gone'), {
          hint: t('errors.transcriptHistory.goneHint'),
        });
      }
      if (stored === 'corrupt') {
        throw new AppFailure('file_error', t('errors.transcriptHistory.setAside'));
      }
      if (isNewer(stored)) throw newerVersion();
      const entry: StoredTranscript = {
        ...summaryOf(id, stored),
        options: stored.options,
        transcript: stored.transcript,
        audioPath: stored.audioPath,
      };
      lastRead = info ? { id, size: info.size, mtimeMs: info.mtimeMs, entry } : null;
      // An entry the index does not know (written by another program since the start's check, or a save
      // whose index line was lost): opened, it joins the list.
      const saved = index();
      await saved.ready();
      if (info && saved.summaryOf(id) === undefined) {
        saved.put(
          id,
          { ...summaryOf(id, stored), audioPath: stored.audioPath },
          [stored.name, stored.transcript.text],
          info.size,
          info.mtimeMs,
        );
      }
      return entry;
    },

    async segments(id, from, count) {
      const { segments } = (await this.get(id)).transcript;
      return { segments: segments.slice(from, from + count), total: segments.length };
    },

    async delete(id) {
      const saved = index();
      await saved.ready();
      const stored = await inTurn(id, async () => {
        const found = await read(id);
        if (found === null) {
          saved.remove(id);
          return null;
        }
        // Not ours to judge: its audio may be in use by entries this build cannot read.
        if (isNewer(found)) throw newerVersion();
        await rm(fileOf(id), { force: true });
        saved.remove(id);
        return found;
      });
      if (stored === null) return { deleted: false, removedAudio: null };
      if (stored === 'corrupt') return { deleted: true, removedAudio: null };

      const audio = stored.audioPath;
      const ours = isInsideFolder(await realFolder(recordingsDir), audio);
      // An entry of a newer build that does not say what it plays may play this.
      const stillUsed = (await audioInUse()).some((path) => path === audio || path === null);
      if (!ours || stillUsed || (await options.recordingHeld?.(audio))) {
        return { deleted: true, removedAudio: null };
      }
      await rm(audio, { force: true });
      return { deleted: true, removedAudio: audio };
    },

    async recordingsInUse(names) {
      const unclaimed = new Set(names);
      const used = new Set<string>();
      const claim = (name: string) => {
        if (unclaimed.delete(name)) used.add(name);
      };
      try {
        for (const audioPath of await audioInUse()) {
          if (audioPath === null) return null;
          // By file name: an entry whose data folder has moved still names its recording so.
          claim(basename(audioPath));
        }
        const files = await readdir(directory).catch((error: unknown) => {
          if (isMissing(error)) return [];
          throw error;
        });
        for (const file of files.filter(isSetAside)) {
          if (unclaimed.size === 0) break;
          for (const name of await namesMentionedIn(join(directory, file), unclaimed)) claim(name);
        }
      } catch {
        return null;
      }
      return used;
    },
  };
}
