import { isAbsolute } from 'node:path';
import { z } from 'zod';
import {
  MAX_AUDIO_PATHS_PER_CALL,
  MAX_PART_CONCURRENCY,
  MAX_PART_SECONDS,
  MAX_SEGMENTS_PER_PAGE,
  MAX_TRANSCRIPT_PAGE,
  MIN_PART_SECONDS,
} from '../../../src-preload/contract.ts';
import { t } from '../../i18n/index.ts';
import { audioPeaksSchema } from '../../services/peaks-cache.ts';
import { TRANSCRIPT_ID_PATTERN } from '../../services/transcript-history.ts';
import { JOB_ID_PATTERN } from '../../services/transcript-jobs/job-store.ts';
import { modelName } from './common.ts';
import type { SchemaGroup } from './index.ts';

const MAX_RECORDING_BYTES = 512 * 1024 * 1024;

const absolutePath = z
  .string()
  .max(4_096)
  .refine(isAbsolute, { error: () => t('errors.input.pathAbsolute') });

// The typed-array accessors, read from the shared prototype: they read the array's internal slots, so an
// own property of the same name on the array cannot answer in their place.
const typedArrayPrototype: object = Object.getPrototypeOf(Uint8Array.prototype);
const slotGetter = <T>(name: 'buffer' | 'byteOffset' | 'byteLength') =>
  Object.getOwnPropertyDescriptor(typedArrayPrototype, name)?.get as (this: Uint8Array) => T;
const bufferOf = slotGetter<ArrayBufferLike>('buffer');
const byteOffsetOf = slotGetter<number>('byteOffset');
const byteLengthOf = slotGetter<number>('byteLength');

/**
 * A fresh, plain view of the same memory (no copy). `instanceof` also passes a subclass, or an array
 * carrying own properties (`constructor`, `subarray`, `byteLength`) that the handlers' `subarray` and the
 * size checks would consult; the fuzz test found `constructor` turning an import into an internal error.
 * Bytes that crossed IPC are plain already; this makes the rule hold for every caller of `dispatch`.
 */
function plainBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bufferOf.call(bytes), byteOffsetOf.call(bytes), byteLengthOf.call(bytes));
}

const audioBytes = z
  .instanceof(Uint8Array)
  .transform(plainBytes)
  .refine((b) => b.byteLength > 0, { error: () => t('errors.input.recordingEmpty') })
  .refine((b) => b.byteLength <= MAX_RECORDING_BYTES, { error: () => t('errors.input.recordingTooLarge') });

const audioName = z.string().trim().min(1).max(500);
const durationSec = z.number().nonnegative();
const audioKind = z.enum(['file', 'recording']);

// A path to send is only checked for shape here. Whether the window may name it at all is the handler's
// first question (issue 14, item 16), answered the same for every path it was not handed; an extension
// check here would answer `/dev/null` or `id_rsa` differently from `gone.wav`. Main still never uploads
// what is not audio: the handler follows a handed path to the real file and checks its extension there.
const audioSource = z.union([
  z.object({ path: absolutePath }),
  z.object({ name: audioName, type: z.string().max(200), bytes: audioBytes }),
]);

const transcriptionOptions = z.object({
  model: modelName,
  language: z.string().max(20).optional(),
  prompt: z.string().max(10_000).optional(),
  responseFormat: z.enum(['json', 'text', 'srt', 'vtt', 'verbose_json', 'diarized_json']).optional(),
  temperature: z.number().min(0).max(1).optional(),
  timestampGranularities: z
    .array(z.enum(['segment', 'word']))
    .max(2)
    .optional(),
  chunkingStrategy: z.literal('auto').optional(),
  stream: z.boolean().optional(),
});

const partConcurrency = z.number().int().min(1).max(MAX_PART_CONCURRENCY);
const partSettings = z.object({
  maxSeconds: z.number().min(MIN_PART_SECONDS).max(MAX_PART_SECONDS),
  concurrency: partConcurrency,
});
const jobId = z.string().regex(JOB_ID_PATTERN, { error: () => t('errors.input.unknownJob') });

const transcriptId = z
  .string()
  .regex(TRANSCRIPT_ID_PATTERN, { error: () => t('errors.input.unknownTranscript') });
/** How many segments one message may carry: a page of the list, never the whole of a long transcript. */
const segmentPage = z.number().int().min(1).max(MAX_SEGMENTS_PER_PAGE);

export const audioSchemas = {
  // Any absolute path the window was handed: files that are not audio come back as refused, with a reason
  // the user can read (the paths it was not handed are refused as a whole, by the handler).
  'audio.open': z.object({ paths: z.array(absolutePath).max(MAX_AUDIO_PATHS_PER_CALL) }),
  'audio.pick': z.undefined(),
  'audio.import': z.object({
    name: audioName,
    type: z.string().max(200),
    bytes: audioBytes,
    kind: audioKind,
    durationSec: durationSec.optional(),
  }),
  'audio.savePeaks': z.object({ path: absolutePath, peaks: audioPeaksSchema }),
  // A queue item's audio that the queue no longer holds; main deletes only the recordings it wrote.
  'audio.release': z.object({ paths: z.array(absolutePath).max(MAX_AUDIO_PATHS_PER_CALL) }),
  'audio.transcribe': z.object({
    source: audioSource,
    options: transcriptionOptions,
    mode: z.enum(['transcribe', 'translate']),
    name: audioName.optional(),
    durationSec: durationSec.optional(),
    parts: partSettings.optional(),
  }),
  'audio.jobs': z.undefined(),
  'audio.resumeJob': z.object({
    jobId,
    part: z.number().int().nonnegative().max(100_000).optional(),
    concurrency: partConcurrency,
  }),
  'audio.discardJob': z.object({ jobId, keepRecording: z.boolean().optional() }),
  'transcripts.list': z.object({
    query: z.string().max(500).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
    limit: z.number().int().min(1).max(MAX_TRANSCRIPT_PAGE).optional(),
  }),
  'transcripts.get': z.object({ id: transcriptId, segments: segmentPage.optional() }),
  'transcripts.segments': z.object({
    id: transcriptId,
    from: z.number().int().nonnegative().max(10_000_000),
    count: segmentPage,
  }),
  'transcripts.delete': z.object({ id: transcriptId }),
  'transcripts.export': z.object({ id: transcriptId, format: z.enum(['txt', 'srt', 'vtt', 'json']) }),
} satisfies SchemaGroup;
