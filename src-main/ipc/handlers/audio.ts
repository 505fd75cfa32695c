// The Transcribe panel's calls: audio files in, transcripts (and their history) out.
import { basename, join } from 'node:path';
import {
  ACCEPTED_AUDIO_EXTENSIONS,
  type AudioFile,
  type AudioSource,
  type TranscriptionDone,
} from '../../../src-preload/contract.ts';
import { AppFailure } from '../../app-failure.ts';
import { transcriptionUsageOf } from '../../gateway/transcript.ts';
import { writeFileAtomic } from '../../services/atomic-file.ts';
import { type AudioFiles, createAudioFiles, recordingsFolder } from '../../services/audio-files.ts';
import { createRecordingRelease } from '../../services/recording-release.ts';
import { sweepUnusedRecordings } from '../../services/start-sweep.ts';
import { buildExport, EXPORT_FORMAT_LABELS, exportFileName } from '../../services/transcript-export.ts';
import { createTranscriptHistory, TRANSCRIPTS_FOLDER } from '../../services/transcript-history.ts';
import type { audioSchemas } from '../schemas/audio.ts';
import type { StreamContext } from '../stream-manager.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type AudioMethods = keyof typeof audioSchemas;

/** Upload progress is reported at most this often: a 200 MB upload is thousands of chunks. */
const PROGRESS_INTERVAL_MS = 100;

function throttledProgress(emit: StreamContext['emit']) {
  let last = 0;
  return (sent: number, total: number) => {
    const now = performance.now();
    if (sent < total && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    emit({ type: 'upload-progress', sent, total });
  };
}

function checkUploadLimit(size: number, limitMb: number): void {
  if (size <= limitMb * 1024 * 1024) return;
  throw new AppFailure(
    'too_large',
    `The file is ${(size / 1048576).toFixed(1)} MB; this profile sends at most ${limitMb} MB.`,
    {
      hint: 'Use a shorter or compressed clip, or raise the upload limit in Settings if your gateway accepts more.',
    },
  );
}

/**
 * The one answer for a path this window was never handed (issue 14, item 16), whatever is at it: a
 * missing file, a folder, a device, a FIFO, a readable audio file. It names no file and says nothing
 * about one, so asking cannot be used to explore the disk; it is given before anything looks at the path.
 */
function notHandedOver(): AppFailure {
  return new AppFailure('invalid_input', 'Gateway Studio was not given this file in this window.', {
    hint: 'Drop the file on the window, or choose it with “Add files…”.',
  });
}

/**
 * The audio a transcription sends (`upload`) and the checked file on disk the history keeps (`audio`).
 * A path (one the window was handed) is followed to the real file and checked there: its name alone
 * would let `notes.wav` → `~/.ssh/id_rsa` through. Bytes are written into the recordings folder first,
 * so the history always has audio to replay, and still sent from memory: under the name the page gave
 * them, not the timestamped name of our copy.
 */
async function audioToSend(
  files: AudioFiles,
  source: AudioSource,
  limitMb: number,
  durationSec: number | undefined,
): Promise<{ upload: AudioSource; audio: AudioFile; written: boolean }> {
  if ('path' in source) {
    const audio = await files.require(source.path, { name: basename(source.path) });
    checkUploadLimit(audio.size, limitMb);
    return { upload: { path: audio.path }, audio, written: false };
  }
  // Checked before writing: a clip the gateway would refuse is not worth keeping.
  checkUploadLimit(source.bytes.byteLength, limitMb);
  const { name, type, bytes } = source;
  const audio = await files.importBytes({ name, type, bytes, kind: 'file', durationSec });
  return { upload: source, audio, written: true };
}

export function createAudioHandlers({
  gateway,
  streams,
  dataDir,
  media,
  dialogs,
  settings,
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
  });
  // Recordings and clips main writes for the page leave with their queue item (issue 14, item 9); those
  // an earlier run left behind go at start. The history says which a transcript still plays.
  const release = createRecordingRelease({ dataDir, history, discard: (path) => files.discard(path) });
  void sweepUnusedRecordings(dataDir, history);

  return {
    'audio.open': ({ paths }, { ownerId }) => {
      // All or nothing: a drop's paths were all registered by the preload, so a call naming any other
      // path is not the user's doing, and answering per path would again say which paths were known.
      requireHanded(ownerId, paths);
      return openFor(ownerId, paths);
    },

    'audio.pick': async (_input, { ownerId }) => {
      const paths = await dialogs.open({
        title: 'Add audio',
        filters: [{ name: 'Audio', extensions: [...ACCEPTED_AUDIO_EXTENSIONS] }],
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

    'audio.transcribe': async ({ source, options, mode, name, durationSec }, { ownerId }) => {
      // Before the profile is looked at: the refusal must not depend on anything but the path's grant.
      if ('path' in source) requireHanded(ownerId, [source.path]);
      const { client, profile } = gateway();
      const { upload, audio, written } = await audioToSend(files, source, profile.uploadLimitMb, durationSec);
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        const call = { signal, onUploadProgress: throttledProgress(emit) };
        // A queue item that leaves while this runs must not take the file a transcript is about to keep.
        const ended = release.transcribing(audio.path);
        let done: TranscriptionDone;
        try {
          const transcript =
            mode === 'translate'
              ? await client.translate(upload, options, call)
              : await client.transcribe(upload, options, call);
          const entry = await history.save({
            name: name ?? audio.name,
            mode,
            options,
            transcript,
            audioPath: audio.path,
            kind: audio.kind,
            durationSec: durationSec ?? audio.durationSec ?? transcript.duration ?? null,
          });
          done = { transcript, entry };
        } catch (error) {
          // Bytes written for this call only: with no entry in the history, nothing would ever replay them.
          if (written) await files.discard(audio.path);
          throw error;
        } finally {
          await ended();
        }
        emit({ type: 'result', data: done });
        emit({ type: 'done', status: 'completed' });
      });
      return { streamId };
    },

    'transcripts.list': ({ query }) => history.list(query),

    'transcripts.get': async ({ id }, { ownerId }) => {
      const entry = await history.get(id);
      const { name, kind, durationSec } = entry;
      // The history's audio comes from main's own files: the window may save its peaks or send it again.
      const audio = handOver(ownerId, await files.describe(entry.audioPath, { name, kind, durationSec }));
      // What the gateway billed is read from its raw answer, which every saved transcript keeps: so it
      // shows for transcripts saved before usage was read, too.
      const usage = entry.transcript.usage ?? transcriptionUsageOf(entry.transcript.raw);
      const transcript = usage === undefined ? entry.transcript : { ...entry.transcript, usage };
      return { ...entry, transcript, audio };
    },

    'transcripts.delete': async ({ id }) => {
      const { deleted, removedAudio } = await history.delete(id);
      if (removedAudio !== null) await files.forget(removedAudio);
      return { deleted };
    },

    'transcripts.export': async ({ id, format }) => {
      const entry = await history.get(id);
      const path = await dialogs.save({
        title: 'Export transcript',
        defaultName: exportFileName(entry.name, format),
        filters: [{ name: EXPORT_FORMAT_LABELS[format], extensions: [format] }],
      });
      if (path === null) return { path: null };
      try {
        await writeFileAtomic(path, buildExport(format, entry));
      } catch (error) {
        throw new AppFailure('file_error', `The transcript could not be written to “${basename(path)}”.`, {
          hint: 'Choose another folder, or check that you may write there.',
          cause: error,
        });
      }
      return { path };
    },
  };
}
