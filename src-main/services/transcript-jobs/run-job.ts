// One run of a long recording's job: cut it (the first time), send the parts that are not done yet with
// at most `concurrency` at once, keep each answer as it comes (so a cancel, a failure or a restart loses
// none), and, once every part is done, stitch them into one transcript on the original timeline.
import { basename } from 'node:path';
import type { StreamEvent, Transcript, TranscriptionOptions } from '../../../src-preload/contract.ts';
import { AppFailure, toAppError } from '../../app-failure.ts';
import type { GatewayClient } from '../../gateway/index.ts';
import type { SplitLimits, SplitResult } from '../audio-split/index.ts';
import { stitchTranscripts } from '../transcript-stitch.ts';
import { throttledProgress } from '../upload-progress.ts';
import { type JobPart, type JobRecord, type JobStore, partPath, partPlanOf } from './job-store.ts';
import { partPrompt } from './part-prompt.ts';

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

/** A run's writes of the record, one after the other (parts finish at the same time). */
function serialSaver(store: JobStore, record: JobRecord) {
  let last: Promise<void> = Promise.resolve();
  return () => {
    last = last.then(() => store.save(record));
    return last;
  };
}

export async function runJob(record: JobRecord, options: JobRunOptions): Promise<JobOutcome> {
  const { client, store, signal, emit } = options;
  await cutOnce(record, options);
  emit({ type: 'parts', jobId: record.id, parts: record.parts.map((part) => partPlanOf(part)) });

  const save = serialSaver(store, record);
  const toSend = record.parts.filter(
    (part) => part.status !== 'done' && (options.onlyPart === undefined || part.index === options.onlyPart),
  );
  const send = record.mode === 'translate' ? client.translate : client.transcribe;

  const sendPart = async (part: JobPart) => {
    emit({ type: 'part-status', part: part.index, status: 'sending' });
    try {
      const transcript = await send({ path: partPath(store, record, part) }, optionsForPart(record, part), {
        signal,
        onUploadProgress: throttledProgress((sent, total) =>
          emit({ type: 'part-upload', part: part.index, sent, total }),
        ),
        onTextDelta: (text) => emit({ type: 'text-delta', text, part: part.index }),
      });
      part.status = 'done';
      part.transcript = transcript;
      delete part.error;
      await save();
      emit({ type: 'part-status', part: part.index, status: 'done' });
    } catch (error) {
      // Cancelled: the part stays as it was, to be sent again on a resume.
      if (signal.aborted) {
        emit({ type: 'part-status', part: part.index, status: part.status });
        return;
      }
      part.status = 'failed';
      part.error = toAppError(error);
      await save();
      emit({ type: 'part-status', part: part.index, status: 'failed', error: part.error });
    }
  };

  // In order, at most `concurrency` at once: a part starting late can use the text of the one before it.
  let next = 0;
  const worker = async () => {
    while (!signal.aborted && next < toSend.length) await sendPart(toSend[next++]!);
  };
  const workers = Math.max(1, Math.min(options.concurrency, toSend.length));
  await Promise.all(Array.from({ length: workers }, worker));
  await save();
  if (signal.aborted) throw new AppFailure('aborted', 'Cancelled.');

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
  const reason = first.error ? ` Part ${first.index + 1}: ${first.error.message}` : '';
  return new AppFailure(
    first.error?.code ?? 'gateway_error',
    `${count} of ${total} parts ${count === 1 ? 'was' : 'were'} not transcribed.${reason}`,
    {
      hint: 'Retry the failed parts: the finished ones are kept and not sent again.',
      ...(first.error?.status !== undefined ? { status: first.error.status } : {}),
    },
  );
}
