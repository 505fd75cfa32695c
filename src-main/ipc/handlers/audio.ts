// The Transcribe panel's calls: audio files in, transcripts (and their history) out.
import { basename, join } from 'node:path';
import {
  ACCEPTED_AUDIO_EXTENSIONS,
  type AudioFile,
  type AudioSource,
  type TranscriptionDone,
} from '../../../src-preload/contract.ts';
import { AppFailure } from '../../app-failure.ts';
import { writeFileAtomic } from '../../services/atomic-file.ts';
import { type AudioFiles, createAudioFiles, recordingsFolder } from '../../services/audio-files.ts';
import { buildExport, EXPORT_FORMAT_LABELS, exportFileName } from '../../services/transcript-export.ts';
import { createTranscriptHistory } from '../../services/transcript-history.ts';
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
 * The audio a transcription sends (`upload`) and the checked file on disk the history keeps (`audio`).
 * A path is followed to the real file and checked there (the schema's extension check alone would let
 * `notes.wav` → `~/.ssh/id_rsa` through). Bytes are written into the recordings folder first, so the
 * history always has audio to replay, and still sent from memory: under the name the page gave them,
 * not the timestamped name of our copy.
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
  const history = createTranscriptHistory({
    directory: join(dataDir, 'history', 'transcripts'),
    recordingsDir: recordingsFolder(dataDir),
    // `transcripts.list` carries no count of files set aside: the window shows it with the settings notices.
    onNotice: (notice) => settings.addNotice(notice),
  });

  return {
    'audio.open': ({ paths }) => files.open(paths),

    'audio.pick': async () => {
      const paths = await dialogs.open({
        title: 'Add audio',
        filters: [{ name: 'Audio', extensions: [...ACCEPTED_AUDIO_EXTENSIONS] }],
        multiple: true,
      });
      return paths === null ? { files: [], refused: [] } : files.open(paths);
    },

    'audio.import': (request) => files.importBytes(request),

    'audio.savePeaks': ({ path, peaks }) => files.savePeaks(path, peaks),

    'audio.transcribe': async ({ source, options, mode, name, durationSec }, { ownerId }) => {
      const { client, profile } = gateway();
      const { upload, audio, written } = await audioToSend(files, source, profile.uploadLimitMb, durationSec);
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        const call = { signal, onUploadProgress: throttledProgress(emit) };
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
        }
        emit({ type: 'result', data: done });
        emit({ type: 'done', status: 'completed' });
      });
      return { streamId };
    },

    'transcripts.list': ({ query }) => history.list(query),

    'transcripts.get': async ({ id }) => {
      const entry = await history.get(id);
      const { name, kind, durationSec } = entry;
      return { ...entry, audio: await files.describe(entry.audioPath, { name, kind, durationSec }) };
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
