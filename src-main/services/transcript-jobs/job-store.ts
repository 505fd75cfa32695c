// Long recordings sent in parts (issue 16): each job is a folder `<dataDir>/transcript-jobs/<id>/` holding
// `job.json` (what is being transcribed, how it was cut, and each part's answer once it came) and the
// part files. The record is rewritten atomically whenever a part moves on, so a restart of the app finds
// every finished part and sends only the rest. The folder goes when the stitched transcript is saved, or
// when the user removes the item.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import {
  ERROR_CODES,
  type TranscribeMode,
  type Transcript,
  type TranscriptionOptions,
  type TranscriptPartPlan,
} from '../../../src-preload/contract.ts';
import { AppFailure } from '../../app-failure.ts';
import { t } from '../../i18n/index.ts';
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
/** How old a job folder without a record must be before it is taken for left over (leftWithoutRecord). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;
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
  /** The part's file name inside the job folder; a part cut again names its pieces part-002-1, part-002-2… */
  file: z.string().regex(/^part-\d{3,}(?:-\d+)*\.[a-z0-9]+$/),
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
  /**
   * The recording each job was cut from, or `null` when a job's record cannot be read (its recording is
   * then unknown, and nothing may be taken for unused). Read once; kept up to date by this store's own writes.
   */
  sourcePaths(): Promise<string[] | null>;
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
    const folder = folderOf(record.id);
    // A job removed while a run still held it stays removed: writing would make its folder again, with a
    // record naming parts that are gone.
    if ((await stat(folder).catch(() => null)) === null) {
      throw new AppFailure('not_found', t('errors.jobs.gone'), {
        hint: t('errors.jobs.goneHint'),
      });
    }
    await writeFileAtomic(join(folder, RECORD_FILE), JSON.stringify(record));
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

  const jobIds = async () =>
    (
      await readdir(root).catch((error: unknown) => {
        if (!isMissing(error)) log.warn('the jobs folder could not be read', error);
        return [] as string[];
      })
    ).filter((name) => JOB_ID_PATTERN.test(name));

  /**
   * Job id → the recording it was cut from (`null`: unreadable record). Release and the start sweep ask
   * often; reading every record (each part's answer included) each time would not do. Main is the only
   * writer of the folder, so what it wrote since is all that changes.
   */
  let sources: Promise<Map<string, string | null>> | null = null;
  const readSources = async () => {
    const read = new Map<string, string | null>();
    for (const id of await jobIds()) {
      const record = await get(id);
      if (record) read.set(id, record.source.path);
      else if (!(await leftWithoutRecord(id))) read.set(id, null);
    }
    return read;
  };
  /**
   * A folder with no record at all is what a stop between making a job's folder and writing its record, or
   * during a removal, leaves: no job to resume, so it goes. Only an old one: a job being created now looks
   * the same for a moment.
   */
  const leftWithoutRecord = async (id: string): Promise<boolean> => {
    const folder = folderOf(id);
    const record = await stat(join(folder, RECORD_FILE)).catch((error: unknown) => error);
    if (!isMissing(record)) return false;
    const made = await stat(folder).catch(() => null);
    if (made === null || now().getTime() - made.mtimeMs < ORPHAN_AGE_MS) return false;
    await rm(folder, { recursive: true, force: true });
    log.info(`removed job folder ${id}, which had no record`);
    return true;
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
      // After the first read is complete: what it found of this job (perhaps the folder alone) is replaced.
      if (sources) (await sources).set(record.id, record.source.path);
      return record;
    },
    save,
    get,
    async list() {
      const records: JobRecord[] = [];
      for (const id of await jobIds()) {
        const record = await get(id);
        if (record) records.push(record);
      }
      return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    async sourcePaths() {
      sources ??= readSources();
      const known = await sources;
      // One not known yet is read again each time: a job being made has its record by now, a left-over
      // folder may have grown old enough to go, and a damaged record may have been put right.
      for (const [id, path] of known) {
        if (path !== null) continue;
        const record = await get(id);
        if (record) known.set(id, record.source.path);
        else if (await leftWithoutRecord(id)) known.delete(id);
      }
      const paths = [...known.values()];
      return paths.includes(null) ? null : (paths as string[]);
    },
    folderOf,
    async remove(id) {
      await rm(folderOf(id), { recursive: true, force: true });
      if (sources) (await sources).delete(id);
    },
  };
}

/** The path of a part's file. */
export function partPath(store: Pick<JobStore, 'folderOf'>, record: JobRecord, part: JobPart): string {
  return join(store.folderOf(record.id), basename(part.file));
}

export type { Transcript };
