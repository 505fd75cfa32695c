// Long recordings (issue 16): whether a file goes in one request or in parts, and the jobs of those that go
// in parts: started, resumed after a stop, a failure or a restart, saved to the history when every part is
// done, or let go of. The IPC handler asks; this decides.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type {
  AudioFile,
  StreamEvent,
  TranscribeMode,
  TranscriptionDone,
  TranscriptionOptions,
} from '../../../src-preload/contract.ts';
import { AppFailure } from '../../app-failure.ts';
import type { GatewayClient } from '../../gateway/index.ts';
import { t } from '../../i18n/index.ts';
import { probeAudio, type SplitLimits, splitAudio } from '../audio-split/index.ts';
import { shownTranscript, type TranscriptHistory } from '../transcript-history.ts';
import { createJobStore, type JobRecord, type JobStore } from './job-store.ts';
import { type JobOutcome, runJob, type SplitFile } from './run-job.ts';

/** Whole-file sending, or parts; a file whose length cannot be read is sent whole when it fits. */
export type SendingPlan = { split: false } | { split: true; durationSec: number };

export interface JobRequest {
  audio: AudioFile;
  name: string;
  mode: TranscribeMode;
  options: TranscriptionOptions;
  durationSec: number | null;
  limits: SplitLimits;
}

export interface RunContext {
  client: Pick<GatewayClient, 'transcribe' | 'translate'>;
  concurrency: number;
  signal: AbortSignal;
  emit(event: StreamEvent): void;
}

export interface LongRecordingsOptions {
  dataDir: string;
  history: Pick<TranscriptHistory, 'save'>;
  split?: SplitFile;
  probe?: typeof probeAudio;
}

function tooLarge(size: number, limits: SplitLimits): AppFailure {
  const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
  return new AppFailure(
    'too_large',
    t('errors.jobs.tooLarge', { size: mb(size), limit: mb(limits.maxBytes) }),
    {
      hint: t('errors.jobs.tooLargeHint'),
    },
  );
}

/**
 * The finished parts' answers belong to the recording as it was cut, and the saved transcript plays it:
 * a recording moved, replaced or edited since would be played against timings that are not its own.
 */
async function requireUnchanged(source: JobRecord['source']): Promise<void> {
  const now = await stat(source.path).catch(() => null);
  if (now === null) {
    throw new AppFailure('not_found', t('errors.jobs.moved', { name: source.name }), {
      hint: t('errors.jobs.movedHint'),
    });
  }
  if (now.size !== source.size || now.mtimeMs !== source.mtimeMs) {
    throw new AppFailure('invalid_input', t('errors.jobs.changed', { name: source.name }), {
      hint: t('errors.jobs.changedHint'),
    });
  }
}

export function createLongRecordings({
  dataDir,
  history,
  split = splitAudio,
  probe = probeAudio,
}: LongRecordingsOptions) {
  const store: JobStore = createJobStore(dataDir);
  /**
   * Jobs running now, each with its own stop and its end: a second resume of one (another window, a double
   * click) is refused, and removing one stops it and waits for it to let go of its folder.
   */
  const running = new Map<string, { stop: AbortController; ended: Promise<unknown> }>();

  /**
   * Claims a job for one run, before anything is awaited: a Remove that comes while the run is still
   * reading its record stops it rather than deleting the folder from under it.
   */
  const claim = (jobId: string) => {
    if (running.has(jobId)) {
      throw new AppFailure('busy', t('errors.jobs.busy'), {
        hint: t('errors.jobs.busyHint'),
      });
    }
    const stop = new AbortController();
    let release = () => {};
    const ended = new Promise<void>((resolve) => {
      release = resolve;
    });
    running.set(jobId, { stop, ended });
    return {
      stop,
      /** Runs `work` as the claimed job's run, and gives the job back when it ends, however it ends. */
      async during<T>(work: () => Promise<T>): Promise<T> {
        try {
          return await work();
        } finally {
          running.delete(jobId);
          release();
        }
      },
    };
  };

  const run = async (
    record: JobRecord,
    context: RunContext,
    stop: AbortController,
    onlyPart?: number,
  ): Promise<TranscriptionDone> => {
    const signal = AbortSignal.any([context.signal, stop.signal]);
    const outcome = await runJob(record, {
      ...context,
      signal,
      store,
      split,
      ...(onlyPart !== undefined ? { onlyPart } : {}),
    });
    // Removed as its last part came back: the user let go of it, so it is not saved after all.
    if (stop.signal.aborted) throw new AppFailure('aborted', t('errors.cancelled'));
    return saveOutcome(record, outcome);
  };

  /** The stitched transcript into the history; the job, its parts and their answers then go. */
  const saveOutcome = async (record: JobRecord, outcome: JobOutcome): Promise<TranscriptionDone> => {
    const entry = await history.save({
      name: record.source.name,
      mode: record.mode,
      options: record.options as TranscriptionOptions,
      transcript: outcome.transcript,
      audioPath: record.source.path,
      kind: record.source.kind,
      durationSec: record.durationSec ?? outcome.transcript.duration ?? null,
    });
    // Saved in the history: the parts and their answers have served their purpose.
    await store.remove(record.id);
    return {
      transcript: shownTranscript(outcome.transcript),
      entry,
      speakersMatched: outcome.speakersMatched,
    };
  };

  return {
    /**
     * Parts when the file is larger than the upload limit or longer than a part may be. Over the limit and
     * unreadable, it cannot be sent at all: that is said before anything is sent.
     */
    async plan(audio: AudioFile, knownDurationSec: number | null, limits: SplitLimits): Promise<SendingPlan> {
      const fits = audio.size <= limits.maxBytes;
      if (fits && knownDurationSec !== null && knownDurationSec <= limits.maxSeconds) return { split: false };
      const probed = await probe(audio.path).catch(() => null);
      if (probed === null) {
        if (fits) return { split: false };
        throw tooLarge(audio.size, limits);
      }
      if (fits && probed.durationSec <= limits.maxSeconds) return { split: false };
      return { split: true, durationSec: probed.durationSec };
    },

    /** A new job for `request`, cut and sent now. A file that cannot be cut leaves no job behind. */
    async start(request: JobRequest, context: RunContext): Promise<TranscriptionDone> {
      const { audio, name, mode, options, durationSec, limits } = request;
      const info = await stat(audio.path);
      const record = await store.create({
        source: { path: audio.path, name, size: info.size, mtimeMs: info.mtimeMs, kind: audio.kind },
        mode,
        options,
        durationSec,
        limits,
      });
      const job = claim(record.id);
      return job.during(async () => {
        try {
          return await run(record, context, job.stop);
        } catch (error) {
          // Never cut (unreadable, or stopped while cutting): there is nothing to resume.
          if (record.parts.length === 0) await store.remove(record.id);
          throw error;
        }
      });
    },

    async resume(jobId: string, context: RunContext, onlyPart?: number): Promise<TranscriptionDone> {
      const job = claim(jobId);
      return job.during(async () => {
        const record = await store.get(jobId);
        if (record === null || job.stop.signal.aborted) {
          throw new AppFailure('not_found', t('errors.jobs.gone'), {
            hint: t('errors.jobs.goneHint'),
          });
        }
        if (onlyPart !== undefined && !record.parts.some((part) => part.index === onlyPart)) {
          throw new AppFailure('invalid_input', t('errors.jobs.noSuchPart'));
        }
        await requireUnchanged(record.source);
        return run(record, context, job.stop, onlyPart);
      });
    },

    list: () => store.list(),

    /** Removes a job, stopping it first when it runs; answers the record it removed. */
    async discard(jobId: string): Promise<JobRecord | null> {
      const active = running.get(jobId);
      if (active) {
        active.stop.abort();
        await active.ended;
      }
      // Claimed while it goes: a resume asked meanwhile finds it busy, not half deleted.
      const job = claim(jobId);
      return job.during(async () => {
        const record = await store.get(jobId);
        await store.remove(jobId);
        return record;
      });
    },

    /** Which of `names` (recordings-folder file names) an unfinished job was cut from; `null` when unknown. */
    async recordingsInUse(names: ReadonlySet<string>): Promise<Set<string> | null> {
      const sources = await store.sourcePaths();
      if (sources === null) return null;
      return new Set(sources.map((path) => basename(path)).filter((name) => names.has(name)));
    },
  };
}

export type LongRecordings = ReturnType<typeof createLongRecordings>;
