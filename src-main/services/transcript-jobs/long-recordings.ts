// Long recordings (issue 16): whether a file goes in one request or in parts, and the jobs of those that go
// in parts: started, resumed after a stop, a failure or a restart, saved to the history when every part is
// done, or let go of. The IPC handler asks; this decides.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type {
  AppError,
  AudioFile,
  StreamEvent,
  TranscribeMode,
  TranscriptionDone,
  TranscriptionOptions,
} from '../../../src-preload/contract.ts';
import { AppFailure } from '../../app-failure.ts';
import type { GatewayClient } from '../../gateway/index.ts';
import { callsForSplit } from '../../gateway/index.ts';
import { probeAudio, type SplitLimits, splitAudio } from '../audio-split/index.ts';
import { shownTranscript, type TranscriptHistory } from '../transcript-history.ts';
import { createJobStore, type JobRecord, type JobStore } from './job-store.ts';
import { runJob, type SplitFile } from './run-job.ts';

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
    `The file is ${mb(size)} MB; this profile sends at most ${mb(limits.maxBytes)} MB, and Gateway Studio cannot read this file to cut it into parts.`,
    {
      hint: 'Use a shorter file, or convert it to WAV, MP3, M4A, Ogg or WebM so it can be cut into parts, or raise the upload limit in Settings if your gateway accepts more.',
    },
  );
}

export function createLongRecordings({
  dataDir,
  history,
  split = splitAudio,
  probe = probeAudio,
}: LongRecordingsOptions) {
  const store: JobStore = createJobStore(dataDir);
  /** Jobs running now: a second resume of one (another window, a double click) is refused. */
  const running = new Set<string>();

  const run = async (
    record: JobRecord,
    context: RunContext,
    onlyPart?: number,
  ): Promise<TranscriptionDone> => {
    if (running.has(record.id)) {
      throw new AppFailure('busy', 'This recording is being transcribed already.', {
        hint: 'Wait for it to finish, or stop it first.',
      });
    }
    running.add(record.id);
    try {
      const outcome = await runJob(record, {
        ...context,
        store,
        split,
        ...(onlyPart !== undefined ? { onlyPart } : {}),
      });
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
    } finally {
      running.delete(record.id);
    }
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

    /**
     * Tighter limits for a file the gateway refused whole (413, or longer than the model takes), or `null`
     * when the refusal is not about size. Half of what was sent: a gateway's own cap is not told to us.
     */
    limitsAfterRefusal(error: AppError, size: number, durationSec: number | null, limits: SplitLimits) {
      if (!callsForSplit(error)) return null;
      return {
        maxBytes: Math.min(limits.maxBytes, Math.floor(size / 2)),
        maxSeconds: Math.min(limits.maxSeconds, Math.max(30, (durationSec ?? limits.maxSeconds) / 2)),
      } satisfies SplitLimits;
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
      try {
        return await run(record, context);
      } catch (error) {
        // Never cut (unreadable, or stopped while cutting): there is nothing to resume.
        if (record.parts.length === 0) await store.remove(record.id);
        throw error;
      }
    },

    async resume(jobId: string, context: RunContext, onlyPart?: number): Promise<TranscriptionDone> {
      const record = await store.get(jobId);
      if (record === null) {
        throw new AppFailure('not_found', 'This transcription is no longer kept.', {
          hint: 'Add the recording again to transcribe it.',
        });
      }
      if (onlyPart !== undefined && !record.parts.some((part) => part.index === onlyPart)) {
        throw new AppFailure('invalid_input', 'This recording has no such part.');
      }
      return run(record, context, onlyPart);
    },

    list: () => store.list(),

    /** Removes a job that is not running; answers the record it removed. */
    async discard(jobId: string): Promise<JobRecord | null> {
      if (running.has(jobId)) throw new AppFailure('busy', 'Stop this transcription before removing it.');
      const record = await store.get(jobId);
      await store.remove(jobId);
      return record;
    },

    /** Which of `names` (recordings-folder file names) an unfinished job was cut from. */
    async recordingsInUse(names: ReadonlySet<string>): Promise<Set<string>> {
      const used = new Set<string>();
      for (const record of await store.list()) {
        const name = basename(record.source.path);
        if (names.has(name)) used.add(name);
      }
      return used;
    },
  };
}

export type LongRecordings = ReturnType<typeof createLongRecordings>;
