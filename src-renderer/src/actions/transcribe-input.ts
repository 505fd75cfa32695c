// Audio into the Transcribe queue: dropped files, picked files, recordings, and the shorter clip that checks
// a failed request. Files with a path go to main as paths (main reads them from disk); only what has no
// path — a recording, a clip made here, a drop in the browser harness — crosses once as bytes.
import type { AudioFile, AudioOpened } from '../../../src-preload/contract.ts';
import { call, pathForFile } from '../api.ts';
import { partitionByName, type RefusedFile } from '../audio/accepted-files.ts';
import { CHECK_CLIP_SECONDS, firstSecondsAsWav } from '../audio/clip.ts';
import { clipName, recordingName } from '../audio/names.ts';
import { transcribeWords } from '../panels/transcribe/strings.ts';
import { useAppStore } from '../store/index.ts';
import { setClipping } from '../store/transcribe-queue.ts';
import { toastError } from './feedback.ts';
import { enqueueAudio, requireModel } from './transcribe-queue.ts';

const store = () => useAppStore.getState();

function showRefused(refused: RefusedFile[]): void {
  store().setRefusedAudio(refused);
}

export function dismissRefused(): void {
  store().setRefusedAudio([]);
}

function takeOpened(opened: AudioOpened, alsoRefused: RefusedFile[] = []): void {
  showRefused([...alsoRefused, ...opened.refused]);
  enqueueAudio(opened.files);
}

/** Files dropped on the panel: refused by name up front, the rest opened by path or imported as bytes. */
export async function addDroppedFiles(files: readonly File[]): Promise<void> {
  const { accepted, refused } = partitionByName(files);
  showRefused(refused);
  if (accepted.length === 0) return;
  if (!requireModel()) return;
  const withPath = accepted.map((file) => ({ file, path: pathForFile(file) }));
  const paths = withPath.filter((f) => f.path).map((f) => f.path);
  const withoutPath = withPath.filter((f) => !f.path).map((f) => f.file);

  const opened: AudioOpened = { files: [], refused: [] };
  if (paths.length > 0) {
    const result = await call('audio.open', { paths });
    if (!result.ok) toastError(result.error);
    else {
      opened.files.push(...result.data.files);
      opened.refused.push(...result.data.refused);
    }
  }
  for (const file of withoutPath) {
    const imported = await importBytes(file);
    if (imported) opened.files.push(imported);
  }
  takeOpened(opened, refused);
}

async function importBytes(file: File): Promise<AudioFile | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const result = await call('audio.import', { name: file.name, type: file.type, bytes, kind: 'file' });
  if (result.ok) return result.data;
  toastError(result.error);
  return null;
}

/** "Add files…": the native dialog, for one or many files. */
export async function pickAudioFiles(): Promise<void> {
  if (!requireModel()) return;
  const result = await call('audio.pick');
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  takeOpened(result.data);
}

/** A finished recording: handed to main once as bytes (kept in the history folder), then queued. */
export async function addRecording(blob: Blob, durationSec: number, startedAt: Date): Promise<boolean> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const result = await call('audio.import', {
    name: recordingName(startedAt),
    type: blob.type || 'audio/webm',
    bytes,
    kind: 'recording',
    ...(durationSec > 0 ? { durationSec } : {}),
  });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  enqueueAudio([result.data]);
  return true;
}

/**
 * The gateway's advice for a failed audio request: try a shorter file. The first 30 seconds are decoded
 * here, written as a small WAV, and queued with the failed item's own options.
 */
export async function checkWithShorterClip(itemId: string): Promise<void> {
  const item = store().transcribeQueue.find((i) => i.id === itemId);
  if (!item || item.clipping) return;
  store().updateTranscribeQueue((items) => setClipping(items, itemId, true));
  try {
    const { bytes, durationSec } = await firstSecondsAsWav(item.audio.url, CHECK_CLIP_SECONDS);
    const result = await call('audio.import', {
      name: clipName(item.audio.name),
      type: 'audio/wav',
      bytes,
      kind: 'file',
      durationSec,
    });
    if (!result.ok) toastError(result.error);
    else enqueueAudio([result.data], { clipOf: itemId, request: item });
  } catch (cause) {
    toastError({
      code: 'file_error',
      message: transcribeWords.t('toasts.clipFailed'),
      hint:
        cause instanceof Error && cause.message
          ? transcribeWords.t('toasts.clipFailedHintWhy', { cause: cause.message })
          : transcribeWords.t('toasts.clipFailedHint'),
    });
  } finally {
    store().updateTranscribeQueue((items) => setClipping(items, itemId, false));
  }
}
