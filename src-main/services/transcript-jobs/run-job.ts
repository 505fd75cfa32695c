// One run of a long recording's job: cut it (the first time), send the parts that are not done yet with
// at most `concurrency` at once, keep each answer as it comes (so a cancel, a failure or a restart loses
// none), and, once every part is done, stitch them into one transcript on the original timeline.
import { rename, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type {
  AppError,
  StreamEvent,
  Transcript,
  TranscriptionOptions,
} from '../../../src-preload/contract.ts';
import { AppFailure, toAppError } from '../../app-failure.ts';
import type { GatewayClient } from '../../gateway/index.ts';
import { t } from '../../i18n/index.ts';
import type { SplitLimits, SplitResult } from '../audio-split/index.ts';
import { stitchTranscripts } from '../transcript-stitch.ts';
import { throttledProgress } from '../upload-progress.ts';
import { type JobPart, type JobRecord, type JobStore, partPath, partPlanOf } from './job-store.ts';
import { partPrompt } from './part-prompt.ts';
import { limitsAfterRefusal } from './refusal-limits.ts';

export type SplitFile = (
  path: string,
  options: {
    limits: SplitLimits;
    outDir: string;
    signal?: AbortSignal;
    onProgress?: (doneSec: number, totalSec: number) => void;
  },
) => Promise<SplitResult>;

export interface JobRunOptions {
  client: Pick<GatewayClient, 'transcribe' | 'translate'>;
  store: JobStore;
  split: SplitFile;
  /** Parts sent at once. */
  concurrency: number;
  signal: AbortSignal;
  emit(event: StreamEvent): void;
  /** Send only this part (a retry of one failed part); the others are left as they are. */
  onlyPart?: number;
}

/** The stitched transcript of a job whose every part is done. */
export interface JobOutcome {
  transcript: Transcript;
  /** Whether diarized speakers could be matched across parts (see transcript-stitch.ts). */
  speakersMatched: boolean;
}

/** Cuts the recording into the job's folder, unless that was done in an earlier run. */
async function cutOnce(record: JobRecord, options: JobRunOptions): Promise<void> {
  if (record.parts.length > 0) return;
  const { store, split, signal, emit } = options;
  const result = await split(record.source.path, {
    limits: record.limits,
    outDir: store.folderOf(record.id),
    signal,
    onProgress: (doneSec, totalSec) => emit({ type: 'split-progress', doneSec, totalSec }),
  });
  record.parts = result.parts.map((part) => ({
    index: part.index,
    startSec: part.startSec,
    endSec: part.endSec,
    file: basename(part.path),
    size: part.size,
    status: 'pending',
  }));
  record.quietSearch = result.quietSearch;
  record.durationSec ??= result.durationSec;
  await store.save(record);
}

/** The request for one part: the job's options, with the previous part's ending as context. */
function optionsForPart(record: JobRecord, part: JobPart): TranscriptionOptions {
  const options = record.options as TranscriptionOptions;
  const previous = record.parts[part.index - 1];
  const previousText = previous?.status === 'done' ? previous.transcript?.text : undefined;
  const prompt = partPrompt(options.model, options.prompt, previousText);
  const { prompt: _, ...rest } = options;
  return prompt === undefined ? rest : { ...rest, prompt };
}

/**
 * A run's writes of the record, one after the other (parts finish at the same time). A write that fails
 * fails its caller only: the next one still writes the record as it then stands.
 */
function serialSaver(store: JobStore, record: JobRecord) {
  let last: Promise<void> = Promise.resolve();
  return () => {
    last = last.catch(() => undefined).then(() => store.save(record));
    return last;
  };
}

/**
 * The file of the `n`th piece of a re-cut part, named after the part (part-002.wav → part-002-1.wav): unique
 * without looking at the others, so two parts re-cut at the same time cannot take the same name.
 */
function pieceFile(part: JobPart, n: number, extension: string): string {
  return `${part.file.slice(0, -extname(part.file).length)}-${n}${extension}`;
}

/**
 * Cuts a part the gateway refused for its size or length into smaller ones, in its place (parts after it
 * are numbered on); `null` when the refusal is about something else, or the part cannot be cut smaller.
 * The part's own file stays until the record no longer names it (the caller removes it after the save).
 */
async function recutRefused(
  record: JobRecord,
  part: JobPart,
  error: AppError,
  options: JobRunOptions,
  signal: AbortSignal,
): Promise<JobPart[] | null> {
  const { store, split } = options;
  const tighter = limitsAfterRefusal(
    error,
    { size: part.size, durationSec: part.endSec - part.startSec },
    record.limits,
  );
  if (tighter === null) return null;
  const folder = store.folderOf(record.id);
  // Named after the part's file, which no renumbering changes (two parts are cut again at the same time).
  const scratch = join(folder, `recut-${basename(part.file, extname(part.file))}`);
  try {
    const result = await split(partPath(store, record, part), { limits: tighter, outDir: scratch, signal });
    if (result.parts.length < 2) return null;
    const pieces: JobPart[] = [];
    for (const [n, piece] of result.parts.entries()) {
      const file = pieceFile(part, n + 1, extname(piece.path));
      await rename(piece.path, join(folder, file));
      pieces.push({
        index: 0,
        startSec: part.startSec + piece.startSec,
        endSec: Math.min(part.endSec, part.startSec + piece.endSec),
        file,
        size: piece.size,
        status: 'pending',
      });
    }
    const at = record.parts.indexOf(part);
    record.parts.splice(at, 1, ...pieces);
    record.parts.forEach((each, index) => {
      each.index = index;
    });
    // Later refusals of this recording start from what the gateway took this time.
    record.limits = tighter;
    return pieces;
  } catch {
    // Not cut (unreadable, or stopped): the refusal stands as the part's failure.
    return null;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function runJob(record: JobRecord, options: JobRunOptions): Promise<JobOutcome> {
  const { client, store, signal, emit } = options;
  await cutOnce(record, options);
  const inFlight = new Set<JobPart>();
  const announceParts = () =>
    emit({
      type: 'parts',
      jobId: record.id,
      parts: record.parts.map((part) => partPlanOf(part, inFlight.has(part))),
    });
  announceParts();

  const save = serialSaver(store, record);
  const queue = record.parts.filter(
    (part) => part.status !== 'done' && (options.onlyPart === undefined || part.index === options.onlyPart),
  );
  const send = record.mode === 'translate' ? client.translate : client.transcribe;
  // Stops every part when the user cancels, and the other parts when one fails in a way no part can
  // go on from (the record cannot be written): they would only spend money on answers that are lost.
  const stopAll = new AbortController();
  const cancel = () => stopAll.abort();
  signal.addEventListener('abort', cancel, { once: true });
  if (signal.aborted) cancel();

  let next = 0;
  // Every event reads `part.index` when it is sent: a re-cut of an earlier part renumbers this one.
  const sendPart = async (part: JobPart) => {
    inFlight.add(part);
    emit({ type: 'part-status', part: part.index, status: 'sending' });
    let transcript: Transcript;
    try {
      transcript = await send({ path: partPath(store, record, part) }, optionsForPart(record, part), {
        signal: stopAll.signal,
        onUploadProgress: throttledProgress((sent, total) =>
          emit({ type: 'part-upload', part: part.index, sent, total }),
        ),
        onTextDelta: (text) => emit({ type: 'text-delta', text, part: part.index }),
      });
    } catch (error) {
      inFlight.delete(part);
      // Stopped: the part stays as it was, to be sent again on a resume.
      if (stopAll.signal.aborted) {
        emit({ type: 'part-status', part: part.index, status: part.status });
        return;
      }
      const refusal = toAppError(error);
      const pieces = await recutRefused(record, part, refusal, options, stopAll.signal);
      if (pieces !== null) {
        queue.splice(next, 0, ...pieces);
        // Told at once: the parts still on their way already report under their new numbers.
        announceParts();
        await save();
        await rm(partPath(store, record, part), { force: true });
        return;
      }
      if (stopAll.signal.aborted) {
        emit({ type: 'part-status', part: part.index, status: part.status });
        return;
      }
      part.status = 'failed';
      part.error = refusal;
      await save();
      emit({ type: 'part-status', part: part.index, status: 'failed', error: part.error });
      return;
    }
    inFlight.delete(part);
    part.status = 'done';
    part.transcript = transcript;
    delete part.error;
    // Outside the catch above: an answer that came but could not be kept is not the part's failure.
    await save();
    emit({ type: 'part-status', part: part.index, status: 'done' });
  };

  // In order, at most `concurrency` at once: a part starting late can use the text of the one before it.
  const worker = async () => {
    try {
      while (!stopAll.signal.aborted && next < queue.length) await sendPart(queue[next++]!);
    } catch (error) {
      stopAll.abort();
      throw error;
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, queue.length));
  const ended = await Promise.allSettled(Array.from({ length: workers }, worker));
  signal.removeEventListener('abort', cancel);
  await save();
  if (signal.aborted) throw new AppFailure('aborted', t('errors.cancelled'));
  const broken = ended.find((result) => result.status === 'rejected');
  if (broken) throw broken.reason;

  const unfinished = record.parts.filter((part) => part.status !== 'done');
  if (unfinished.length > 0) throw partsFailure(record, unfinished);
  const stitched = stitchTranscripts(
    record.parts.map((part) => ({
      index: part.index,
      startSec: part.startSec,
      endSec: part.endSec,
      transcript: part.transcript as Transcript,
    })),
    (record.options as TranscriptionOptions).responseFormat ?? 'json',
  );
  const { speakersMatched, ...transcript } = stitched;
  return { transcript, speakersMatched };
}

/** Why a job ended without a transcript: how many parts are missing, and the first one's reason. */
function partsFailure(record: JobRecord, unfinished: JobPart[]): AppFailure {
  const first = unfinished.find((part) => part.error) ?? unfinished[0]!;
  const count = unfinished.length;
  const total = record.parts.length;
  return new AppFailure(
    first.error?.code ?? 'gateway_error',
    first.error
      ? t('errors.jobs.partsFailedWhy', { count, total, part: first.index + 1, reason: first.error.message })
      : t('errors.jobs.partsFailed', { count, total }),
    {
      hint: t('errors.jobs.partsFailedHint'),
      ...(first.error?.status !== undefined ? { status: first.error.status } : {}),
    },
  );
}
