// Choices the panels remember between runs, in `<dataDir>/prefs.json` as `{ version: 1, prefs }`.
// Read field by field over the defaults: one bad value (a hand edit, a field from another version) costs
// that field only. A file that is not JSON at all is moved aside, the defaults are used, and the user is told.
// A file of a newer build is read the same way but never written (see `load`).
import { join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PREFS,
  LANGUAGE_CHOICES,
  MAX_FORMAT_CHOICES,
  MAX_PART_CONCURRENCY,
  MAX_PART_SECONDS,
  MAX_SPEECH_SPEED,
  MAX_TRANSCRIBE_CONCURRENCY,
  MIN_PART_SECONDS,
  MIN_SPEECH_SPEED,
  type Notice,
  type Prefs,
  type PrefsPatch,
} from '../../src-preload/contract.ts';
import { isRecord } from '../gateway/json.ts';
import { createLogger } from '../log.ts';
import { fileStamp, moveAside, writeFileAtomic } from './atomic-file.ts';
import { chatFormat } from './conversation-schema.ts';
import { readStoredText, type StoredText, tooLargeProblem } from './stored-file.ts';

const FORMAT_VERSION = 1;
export const PREFS_FILE = 'prefs.json';
/**
 * The largest prefs file read. Every field has a limit (the longest, prompt and instructions, 10,000
 * characters each); even with every character escaped six-fold the file stays far under this.
 */
export const MAX_PREFS_BYTES = 1024 * 1024;

/** The rule of every remembered field: the IPC schema checks a patch with these, the reader a saved file. */
export const interfacePrefsFields = {
  language: z.enum(LANGUAGE_CHOICES),
} satisfies { [K in keyof Prefs['interface']]: z.ZodType<Prefs['interface'][K]> };

export const transcribePrefsFields = {
  mode: z.enum(['transcribe', 'translate']),
  model: z.string().max(300),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?:[a-z]{2,3})?$/, 'Use a two- or three-letter language code, or leave it empty.'),
  prompt: z.string().max(10_000),
  temperature: z.number().min(0).max(1).nullable(),
  timestamps: z.enum(['none', 'segment', 'word']),
  concurrency: z.number().int().min(1).max(MAX_TRANSCRIBE_CONCURRENCY),
  partMinutes: z
    .number()
    .min(MIN_PART_SECONDS / 60)
    .max(MAX_PART_SECONDS / 60),
  partConcurrency: z.number().int().min(1).max(MAX_PART_CONCURRENCY),
  inputDeviceId: z.string().max(500),
} satisfies { [K in keyof Prefs['transcribe']]: z.ZodType<Prefs['transcribe'][K]> };

export const speakPrefsFields = {
  model: z.string().max(300),
  voice: z.string().max(200),
  format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']),
  speed: z.number().min(MIN_SPEECH_SPEED).max(MAX_SPEECH_SPEED),
  instructions: z.string().max(10_000),
} satisfies { [K in keyof Prefs['speak']]: z.ZodType<Prefs['speak'][K]> };

export const playgroundPrefsFields = {
  format: chatFormat,
  stream: z.boolean(),
  responsesModel: z.string().max(300),
  chatModel: z.string().max(300),
  contentModel: z.string().max(300),
  formatChoices: z
    .record(z.string().max(400), chatFormat)
    .refine((choices) => Object.keys(choices).length <= MAX_FORMAT_CHOICES, {
      error: `At most ${MAX_FORMAT_CHOICES} format choices are remembered.`,
    }),
  enterSends: z.boolean(),
  showParameters: z.boolean(),
  showConversations: z.boolean(),
} satisfies { [K in keyof Prefs['playground']]: z.ZodType<Prefs['playground'][K]> };

const FIELDS = {
  interface: interfacePrefsFields,
  transcribe: transcribePrefsFields,
  speak: speakPrefsFields,
  playground: playgroundPrefsFields,
} as const;

/** `stored` read over `defaults`, one field at a time: each field that breaks its rule keeps its default. */
function readSection<T extends object>(defaults: T, fields: Record<string, z.ZodType>, stored: unknown): T {
  const section = { ...defaults } as Record<string, unknown>;
  if (!isRecord(stored)) return section as T;
  for (const [key, rule] of Object.entries(fields)) {
    const parsed = rule.safeParse(stored[key]);
    if (parsed.success) section[key] = parsed.data;
  }
  return section as T;
}

function fromStored(sections: Record<string, unknown>): Prefs {
  return {
    interface: readSection(DEFAULT_PREFS.interface, FIELDS.interface, sections.interface),
    transcribe: readSection(DEFAULT_PREFS.transcribe, FIELDS.transcribe, sections.transcribe),
    speak: readSection(DEFAULT_PREFS.speak, FIELDS.speak, sections.speak),
    playground: readSection(DEFAULT_PREFS.playground, FIELDS.playground, sections.playground),
  };
}

/** A patch section without the keys it leaves out (or sets to `undefined`, which means the same). */
function definedFields<T extends object>(section: Partial<T> | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(section ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export interface PrefsService {
  get(): Promise<Prefs>;
  /** Applies an already validated patch and saves; returns every remembered choice. */
  update(patch: PrefsPatch): Promise<Prefs>;
}

export interface PrefsServiceOptions {
  dataDir: string;
  now?: () => Date;
  /** Where the user hears about a damaged file or one of a newer build (the settings state's notices). */
  onNotice?: (notice: Notice) => void;
  /** The largest file read (`MAX_PREFS_BYTES`); a larger one is set aside like a damaged one. */
  maxFileBytes?: number;
}

export function createPrefsService({
  dataDir,
  now = () => new Date(),
  onNotice = () => {},
  maxFileBytes = MAX_PREFS_BYTES,
}: PrefsServiceOptions): PrefsService {
  const path = join(dataDir, PREFS_FILE);
  const log = createLogger('prefs');
  let loaded: Promise<Prefs> | null = null;
  let current: Prefs | null = null;
  /**
   * The file was written by a newer build: never written by this one. Unlike settings, a change is not
   * refused: these choices are made in passing (a model picked, a panel shown), so an error on each would
   * break the panels over something minor. They hold until the app quits, the file keeps the newer build's
   * choices, and the notice says so.
   */
  let readOnly = false;
  /** Saves run one after another, each writing the latest state, so the last change is the one on disk. */
  let saving: Promise<void> = Promise.resolve();

  const load = async (): Promise<Prefs> => {
    let stored: StoredText;
    try {
      stored = await readStoredText(path, maxFileBytes);
    } catch (error) {
      // Unreadable (permissions, a folder of that name): nothing to set aside, the defaults serve.
      log.warn(`${PREFS_FILE} could not be read; defaults used`, error);
      return structuredClone(DEFAULT_PREFS);
    }
    if (stored.kind === 'missing') return structuredClone(DEFAULT_PREFS); // Never saved yet.
    let problem = 'the file is damaged';
    try {
      if (stored.kind === 'oversized') {
        problem = tooLargeProblem(stored.size, stored.limit);
        throw new Error(problem);
      }
      const file: unknown = JSON.parse(stored.text);
      // Judged before the shape: a newer build may keep its choices elsewhere, which is no damage.
      if (isRecord(file) && typeof file.version === 'number' && file.version > FORMAT_VERSION) {
        readOnly = true;
        log.warn(`${PREFS_FILE} was written by a newer version (format ${file.version}); not written`);
        onNotice({
          id: 'newer-prefs',
          level: 'info',
          message:
            'The choices the panels remember were saved by a newer version of Gateway Studio, so this version left them untouched. It uses the ones it understands; changes you make now last until you quit. Update the app to keep them.',
        });
        return fromStored(isRecord(file.prefs) ? file.prefs : {});
      }
      if (!isRecord(file) || !isRecord(file.prefs)) throw new Error('no prefs object');
      return fromStored(file.prefs);
    } catch (error) {
      const at = now();
      const aside = await moveAside(path, at).catch(() => null);
      log.warn(
        `${PREFS_FILE} could not be read; moved aside to ${aside ?? '(could not be moved)'}, defaults used`,
        error,
      );
      onNotice({
        id: `corrupt-prefs-${fileStamp(at)}`,
        level: 'warning',
        message: `The choices the panels remember could not be read (${problem}), so the defaults are used. ${aside === null ? `The file could not be moved aside: ${path}.` : `The old file was kept as ${aside}.`}`,
      });
      return structuredClone(DEFAULT_PREFS);
    }
  };

  /** Reads the file the first time; from then on the choices live in `current`. */
  const loadOnce = async (): Promise<Prefs> => {
    loaded ??= load();
    const first = await loaded;
    current ??= first;
    return current;
  };

  return {
    async get() {
      return structuredClone(await loadOnce());
    },

    async update(patch) {
      await loadOnce();
      // Read after the await, not from its result: other updates may have run in between.
      const before = current ?? DEFAULT_PREFS;
      const next: Prefs = {
        interface: { ...before.interface, ...definedFields(patch.interface) },
        transcribe: { ...before.transcribe, ...definedFields(patch.transcribe) },
        speak: { ...before.speak, ...definedFields(patch.speak) },
        playground: { ...before.playground, ...definedFields(patch.playground) },
      };
      current = next;
      if (readOnly) return structuredClone(next);
      saving = saving
        .catch(() => {})
        .then(() => writeFileAtomic(path, JSON.stringify({ version: FORMAT_VERSION, prefs: current })));
      await saving;
      return structuredClone(next);
    },
  };
}
