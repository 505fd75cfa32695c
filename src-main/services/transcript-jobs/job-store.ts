// Long recordings sent in parts (issue 16): each job is a folder `<dataDir>/transcript-jobs/<id>/` holding
// `job.json` (what is being transcribed, how it was cut, and each part's answer once it came) and the
// part files. The record is rewritten atomically whenever a part moves on, so a restart of the app finds
// every finished part and sends only the rest. The folder goes when the stitched transcript is saved, or
// when the user removes the item.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import {
  ERROR_CODES,
  type TranscribeMode,
  type Transcript,
  type TranscriptionOptions,
  type TranscriptPartPlan,
} from '../../../src-preload/contract.ts';
import { createLogger } from '../../log.ts';
import { writeFileAtomic } from '../atomic-file.ts';
import { isMissing } from '../file-missing.ts';
import { readStoredText } from '../stored-file.ts';
import { optionsSchema, transcriptSchema } from '../transcript-history.ts';

/** Where the jobs live inside the data folder. */
export const JOBS_FOLDER = 'transcript-jobs';
const RECORD_FILE = 'job.json';
const FORMAT_VERSION = 1;
/** Job ids are folder names: lower-case letters, digits and dashes only, so no id can name another path. */
export const JOB_ID_PATTERN = /^[a-z0-9-]{1,80}$/;
/** The largest record read: every part's answer (with word timings) for a day of audio is well under. */
const MAX_RECORD_BYTES = 256 * 1024 * 1024;

const appErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  hint: z.string().optional(),
  status: z.number().optional(),
  requestId: z.string().optional(),
});

const partSchema = z.object({
  index: z.number().int().nonnegative(),
  startSec: z.number().nonnegative(),
  endSec: z.number().nonnegative(),
  /** The part's file name inside the job folder. */
  file: z.string().regex(/^part-\d{3,}\.[a-z0-9]+$/),
  size: z.number().int().nonnegative(),
  status: z.enum(['pending', 'done', 'failed']),
  transcript: transcriptSchema.optional(),
  error: appErrorSchema.optional(),
});

const recordSchema = z.object({
  version: z.literal(FORMAT_VERSION),
  id: z.string().regex(JOB_ID_PATTERN),
  createdAt: z.string(),
  /** The recording as it was when the job began: a resume refuses one that changed since. */
  source: z.object({
    path: z.string(),
    name: z.string(),
    size: z.number(),
    mtimeMs: z.number(),
    kind: z.enum(['file', 'recording']),
  }),
  mode: z.enum(['transcribe', 'translate']),
  options: optionsSchema,
  durationSec: z.number().nullable(),
  limits: z.object({ maxBytes: z.number().positive(), maxSeconds: z.number().positive() }),
  /** Empty until the recording has been cut. */
  parts: z.array(partSchema),
  /** Whether the cuts were placed by listening for quiet (false for codecs main cannot decode). */
  quietSearch: z.boolean(),
});

export type JobRecord = z.infer<typeof recordSchema>;
export type JobPart = JobRecord['parts'][number];

export interface NewJob {
  source: JobRecord['source'];
  mode: TranscribeMode;
  options: TranscriptionOptions;
  durationSec: number | null;
  limits: JobRecord['limits'];
}

/** The part as the page sees it: no answer, no file name. */
export function partPlanOf(part: JobPart, sending = false): TranscriptPartPlan {
  const { index, startSec, endSec, size, status } = part;
  return { index, startSec, endSec, size, status: sending ? 'sending' : status };
}

export interface JobStore {
  create(job: NewJob): Promise<JobRecord>;
  /** Writes the record as it stands (atomically). */
  save(record: JobRecord): Promise<void>;
  /** `null` when there is no such job, or its record cannot be read (it is then left for the user to remove). */
  get(id: string): Promise<JobRecord | null>;
  /** Every job whose record can be read, oldest first. */
  list(): Promise<JobRecord[]>;
  /** The folder a job's parts are written to. */
  folderOf(id: string): string;
  /** Removes a job and its parts. */
  remove(id: string): Promise<void>;
}

export function createJobStore(dataDir: string, now: () => Date = () => new Date()): JobStore {
  const root = join(dataDir, JOBS_FOLDER);
  const log = createLogger('jobs');
  const folderOf = (id: string) => {
    if (!JOB_ID_PATTERN.test(id)) throw new Error('not a job id');
    return join(root, id);
  };
  const save = async (record: JobRecord) => {
    await writeFileAtomic(join(folderOf(record.id), RECORD_FILE), JSON.stringify(record));
  };
  const get = async (id: string): Promise<JobRecord | null> => {
    if (!JOB_ID_PATTERN.test(id)) return null;
    const stored = await readStoredText(join(folderOf(id), RECORD_FILE), MAX_RECORD_BYTES).catch(
      (error: unknown) => {
        if (!isMissing(error)) log.warn(`job ${id} could not be read`, error);
        return null;
      },
    );
    if (stored === null || stored.kind !== 'text') return null;
    try {
      const parsed = recordSchema.safeParse(JSON.parse(stored.text));
      if (parsed.success && parsed.data.id === id) return parsed.data;
    } catch {
      // Not JSON: reported below like a record of the wrong shape.
    }
    log.warn(`job ${id} has a record this build cannot read; it is left as it is`);
    return null;
  };

  return {
    async create(job) {
      const record: JobRecord = {
        version: FORMAT_VERSION,
        id: randomUUID(),
        createdAt: now().toISOString(),
        ...job,
        parts: [],
        quietSearch: false,
      };
      await mkdir(folderOf(record.id), { recursive: true });
      await save(record);
      return record;
    },
    save,
    get,
    async list() {
      const names = await readdir(root).catch((error: unknown) => {
        if (!isMissing(error)) log.warn('the jobs folder could not be read', error);
        return [] as string[];
      });
      const records: JobRecord[] = [];
      for (const name of names.filter((n) => JOB_ID_PATTERN.test(n))) {
        const record = await get(name);
        if (record) records.push(record);
      }
      return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    folderOf,
    async remove(id) {
      await rm(folderOf(id), { recursive: true, force: true });
    },
  };
}

/** The path of a part's file. */
export function partPath(store: Pick<JobStore, 'folderOf'>, record: JobRecord, part: JobPart): string {
  return join(store.folderOf(record.id), basename(part.file));
}

export type { Transcript };
