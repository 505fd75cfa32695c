// The Transcribe panel's calls: audio files in, transcripts (and their history) out.
import { basename, join } from 'node:path';
import {
  ACCEPTED_AUDIO_EXTENSIONS,
  type AudioFile,
  type AudioSource,
  DEFAULT_PART_SETTINGS,
  type TranscribeMode,
  type TranscriptionDone,
  type TranscriptionOptions,
} from '../../../src-preload/contract.ts';
import { AppFailure, toAppError } from '../../app-failure.ts';
import { transcriptionUsageOf } from '../../gateway/transcript.ts';
import { t } from '../../i18n/index.ts';
import { writeFileAtomic } from '../../services/atomic-file.ts';
import {
  type AudioFiles,
  createAudioFiles,
  isRecordingFileName,
  recordingsFolder,
} from '../../services/audio-files.ts';
import { createRecordingRelease } from '../../services/recording-release.ts';
import { sweepUnusedRecordings } from '../../services/start-sweep.ts';
import { buildExport, exportFileName } from '../../services/transcript-export.ts';
import {
  createTranscriptHistory,
  shownTranscript,
  TRANSCRIPTS_FOLDER,
  type TranscriptHistory,
} from '../../services/transcript-history.ts';
import { partPlanOf } from '../../services/transcript-jobs/job-store.ts';
import { createLongRecordings, type RunContext } from '../../services/transcript-jobs/long-recordings.ts';
import { limitsAfterRefusal } from '../../services/transcript-jobs/refusal-limits.ts';
import { throttledProgress } from '../../services/upload-progress.ts';
import type { audioSchemas } from '../schemas/audio.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type AudioMethods = keyof typeof audioSchemas;

/**
 * The one answer for a path this window was never handed (issue 14, item 16), whatever is at it: a
 * missing file, a folder, a device, a FIFO, a readable audio file. It names no file and says nothing
 * about one, so asking cannot be used to explore the disk; it is given before anything looks at the path.
 */
function notHandedOver(): AppFailure {
  return new AppFailure('invalid_input', t('errors.files.notHandedOver'), {
    hint: t('errors.files.notHandedOverHint'),
  });
}

/**
 * The audio a transcription sends (`upload`) and the checked file on disk the history keeps (`audio`).
 * A path (one the window was handed) is followed to the real file and checked there: its name alone
 * would let `notes.wav` → `~/.ssh/id_rsa` through. Bytes are written into the recordings folder first,
 * so the history always has audio to replay (and a long recording a file to cut), and still sent from
 * memory when sent whole: under the name the page gave them, not the timestamped name of our copy.
 */
async function audioToSend(
  files: AudioFiles,
  source: AudioSource,
  durationSec: number | undefined,
): Promise<{ upload: AudioSource; audio: AudioFile; written: boolean }> {
  if ('path' in source) {
    const audio = await files.require(source.path, { name: basename(source.path) });
    return { upload: { path: audio.path }, audio, written: false };
  }
  const { name, type, bytes } = source;
  const audio = await files.importBytes({ name, type, bytes, kind: 'file', durationSec });
  return { upload: source, audio, written: true };
}

/** One request for the whole file, its transcript saved in the history. */
async function transcribeWhole(
  job: { audio: AudioFile; name: string; mode: TranscribeMode; options: TranscriptionOptions },
  upload: AudioSource,
  durationSec: number | null,
  context: RunContext & { history: Pick<TranscriptHistory, 'save'> },
): Promise<TranscriptionDone> {
  const { client, signal, emit, history } = context;
  const call = {
    signal,
    onUploadProgress: throttledProgress((sent, total) => emit({ type: 'upload-progress', sent, total })),
    onTextDelta: (text: string) => emit({ type: 'text-delta', text }),
  };
  const { audio, name, mode, options } = job;
  const transcript =
    mode === 'translate'
      ? await client.translate(upload, options, call)
      : await client.transcribe(upload, options, call);
  const entry = await history.save({
    name,
    mode,
    options,
    transcript,
    audioPath: audio.path,
    kind: audio.kind,
    durationSec: durationSec ?? transcript.duration ?? null,
  });
  return { transcript: shownTranscript(transcript), entry };
}

export function createAudioHandlers({
  gateway,
  streams,
  dataDir,
  media,
  dialogs,
  settings,
  background,
}: HandlerServices): HandlerGroup<AudioMethods> {
  const files = createAudioFiles({ dataDir, media });
  /** Every path the window names must be one it was handed: a drop, a dialog, or a file main gave it. */
  const requireHanded = (ownerId: number, paths: readonly string[]) => {
    for (const path of paths) if (!media.admits(ownerId, path)) throw notHandedOver();
  };
  /**
   * A file main gives the window is one it may name back: `open` follows links, so the path it returns
   * may differ from the one dropped, and recordings and history audio were never dropped at all.
   */
  const handOver = <T extends AudioFile | null>(ownerId: number, file: T): T => {
    if (file) media.admit(ownerId, file.path);
    return file;
  };
  const openFor = async (ownerId: number, paths: string[]) => {
    const opened = await files.open(paths);
    for (const file of opened.files) handOver(ownerId, file);
    return opened;
  };
  const history = createTranscriptHistory({
    directory: join(dataDir, TRANSCRIPTS_FOLDER),
    recordingsDir: recordingsFolder(dataDir),
    // `transcripts.list` carries no count of files set aside: the window shows it with the settings notices.
    onNotice: (notice) => settings.addNotice(notice),
    // A paused long recording resumes from its recording and saves a transcript that plays it.
    recordingHeld: async (path) => {
      const held = await long.recordingsInUse(new Set([basename(path)]));
      return held === null || held.size > 0;
    },
  });
  const long = createLongRecordings({ dataDir, history });
  // The history's index is read as the app starts, in the background: the first list finds it in memory.
  history.warmIndex();
  background.add(() => history.indexSettled());
  /** The recordings a saved transcript plays, or an unfinished long recording was cut from. */
  const recordingsInUse = {
    async recordingsInUse(names: Iterable<string>) {
      const wanted = new Set(names);
      const used = await history.recordingsInUse(wanted);
      const jobs = await long.recordingsInUse(wanted);
      if (used === null || jobs === null) return null;
      for (const name of jobs) used.add(name);
      return used;
    },
  };
  // Recordings and clips main writes for the page leave with their queue item (issue 14, item 9); those
  // an earlier run left behind go at start. The history and the unfinished jobs say which are still used.
  const release = createRecordingRelease({
    dataDir,
    history: recordingsInUse,
    discard: (path) => files.discard(path),
  });
  void sweepUnusedRecordings(dataDir, recordingsInUse);

  return {
    'audio.open': ({ paths }, { ownerId }) => {
      // All or nothing: a drop's paths were all registered by the preload, so a call naming any other
      // path is not the user's doing, and answering per path would again say which paths were known.
      requireHanded(ownerId, paths);
      return openFor(ownerId, paths);
    },

    'audio.pick': async (_input, { ownerId }) => {
      const paths = await dialogs.open({
        title: t('dialogs.addAudio'),
        filters: [{ name: t('dialogs.audioFiles'), extensions: [...ACCEPTED_AUDIO_EXTENSIONS] }],
        multiple: true,
      });
      if (paths === null) return { files: [], refused: [] };
      // The user chose these in main's own dialog: the window may name them from now on.
      for (const path of paths) media.admit(ownerId, path);
      return openFor(ownerId, paths);
    },

    'audio.import': async (request, { ownerId }) => {
      const file = await files.importBytes(request);
      release.written(file.path);
      return handOver(ownerId, file);
    },

    'audio.release': async ({ paths }, { ownerId }) => {
      // Only paths this window was handed; whether any of them may go is main's call, not the page's.
      requireHanded(ownerId, paths);
      return { deleted: await release.release(paths) };
    },

    'audio.savePeaks': ({ path, peaks }, { ownerId }) => {
      requireHanded(ownerId, [path]);
      return files.savePeaks(path, peaks);
    },

    'audio.transcribe': async ({ source, options, mode, name, durationSec, parts }, { ownerId }) => {
      // Before the profile is looked at: the refusal must not depend on anything but the path's grant.
      if ('path' in source) requireHanded(ownerId, [source.path]);
      const { client, profile } = gateway();
      const { upload, audio, written } = await audioToSend(files, source, durationSec);
      const { maxSeconds, concurrency } = parts ?? DEFAULT_PART_SETTINGS;
      const limits = { maxBytes: profile.uploadLimitMb * 1024 * 1024, maxSeconds };
      const knownDuration = durationSec ?? audio.durationSec;
      const plan = await long.plan(audio, knownDuration, limits).catch(async (error: unknown) => {
        // Bytes written for this call only: refused before sending, nothing would ever replay them.
        if (written) await files.discard(audio.path);
        throw error;
      });
      const job = { audio, name: name ?? audio.name, mode, options };
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        const context = { client, concurrency, signal, emit };
        // A queue item that leaves while this runs must not take the file a transcript is about to keep.
        const ended = release.transcribing(audio.path);
        let done: TranscriptionDone;
        try {
          if (plan.split) {
            done = await long.start({ ...job, durationSec: plan.durationSec, limits }, context);
          } else {
            try {
              done = await transcribeWhole(job, upload, knownDuration, { ...context, history });
            } catch (error) {
              // Refused for its size or length: cut it into parts and send those instead. A file that
              // cannot be cut keeps the gateway's refusal, which says what it takes.
              const tighter = signal.aborted
                ? null
                : limitsAfterRefusal(
                    toAppError(error),
                    { size: audio.size, durationSec: knownDuration },
                    limits,
                  );
              const replan = tighter && (await long.plan(audio, null, tighter).catch(() => null));
              if (!tighter || !replan?.split) throw error;
              done = await long.start({ ...job, durationSec: replan.durationSec, limits: tighter }, context);
            }
          }
        } catch (error) {
          // Bytes written for this call only: with no entry in the history and no job to resume, nothing
          // would ever replay them. An unfinished job keeps its recording.
          const kept = await long.recordingsInUse(new Set([basename(audio.path)]));
          if (written && kept !== null && kept.size === 0) await files.discard(audio.path);
          throw error;
        } finally {
          await ended();
        }
        emit({ type: 'result', data: done });
        emit({ type: 'done', status: 'completed' });
      });
      return { streamId };
    },

    'audio.jobs': async (_input, { ownerId }) => {
      const records = await long.list();
      return Promise.all(
        records.map(async (record) => {
          const { path, name, kind } = record.source;
          const durationSec = record.durationSec;
          return {
            jobId: record.id,
            name,
            mode: record.mode,
            options: record.options,
            // The recording plays in the queue again; the window may name it back (to remove it).
            audio: handOver(ownerId, await files.describe(path, { name, kind, durationSec })),
            durationSec,
            parts: record.parts.map((part) => partPlanOf(part)),
          };
        }),
      );
    },

    'audio.resumeJob': async ({ jobId, part, concurrency }, { ownerId }) => {
      const { client } = gateway();
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        const done = await long.resume(jobId, { client, concurrency, signal, emit }, part);
        emit({ type: 'result', data: done });
        emit({ type: 'done', status: 'completed' });
      });
      return { streamId };
    },

    'audio.discardJob': async ({ jobId, keepRecording }) => {
      const record = await long.discard(jobId);
      if (record === null) return { discarded: false };
      if (keepRecording) return { discarded: true };
      // Its recording goes with it when main wrote it (a recording, or bytes given to it) and no saved
      // transcript plays it. The job itself says main wrote it, in this run or an earlier one.
      const { path } = record.source;
      const name = basename(path);
      const used = isRecordingFileName(name) ? await recordingsInUse.recordingsInUse([name]) : null;
      if (used !== null && !used.has(name)) await files.discard(path);
      return { discarded: true };
    },

    'transcripts.list': ({ query, offset, limit }) => history.list({ query, offset, limit }),

    'transcripts.get': async ({ id, segments }, { ownerId }) => {
      const entry = await history.get(id);
      const { name, kind, durationSec } = entry;
      // The history's audio comes from main's own files: the window may save its peaks or send it again.
      const audio = handOver(ownerId, await files.describe(entry.audioPath, { name, kind, durationSec }));
      // What the gateway billed is read from its raw answer, which every saved transcript keeps: so it
      // shows for transcripts saved before usage was read, too.
      const usage = entry.transcript.usage ?? transcriptionUsageOf(entry.transcript.raw);
      const transcript = usage === undefined ? entry.transcript : { ...entry.transcript, usage };
      const shown = shownTranscript(transcript);
      // Asked for a first page: the rest comes from `transcripts.segments` (`segmentCount` says how much).
      if (segments !== undefined) shown.segments = shown.segments.slice(0, segments);
      return { ...entry, transcript: shown, audio };
    },

    'transcripts.segments': ({ id, from, count }) => history.segments(id, from, count),

    'transcripts.delete': async ({ id }) => {
      const { deleted, removedAudio } = await history.delete(id);
      if (removedAudio !== null) await files.forget(removedAudio);
      return { deleted };
    },

    'transcripts.export': async ({ id, format }) => {
      const entry = await history.get(id);
      const path = await dialogs.save({
        title: t('dialogs.exportTranscript'),
        defaultName: exportFileName(entry.name, format),
        filters: [{ name: t(`dialogs.transcriptFormats.${format}`), extensions: [format] }],
      });
      if (path === null) return { path: null };
      try {
        await writeFileAtomic(path, buildExport(format, entry));
      } catch (error) {
        throw new AppFailure(
          'file_error',
          t('errors.export.transcriptNotWritten', { file: basename(path) }),
          {
            hint: t('errors.export.notWrittenHint'),
            cause: error,
          },
        );
      }
      return { path };
    },
  };
}
