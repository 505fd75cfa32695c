// Issue 14: an IPC fuzz test. Every contract method gets at least 1,000 generated malformed inputs, and
// calls from senders that are not our window's top frame, all through the real choke point (`dispatch`).
// It holds four promises: every answer is a typed result (never a rejection, never a hang), input the
// schema refuses is answered `invalid_input`, nothing is opened in the browser but https, and no file
// outside the data folder is read or written.
//
// What "no file outside the data folder read or written" means here, and how it is observed. Every path
// the generator names outside the data folder points into a sentinel folder this test creates (or at
// system files such as /etc/passwd, which the window is never handed), and that folder holds the hardest
// cases:
//   - `secret.key`, a regular file that is not audio;
//   - `notes.wav`, a symlink to it (an audio name in front of a non-audio file);
//   - `pipe.wav`, a FIFO: opening it to read blocks until a writer comes, so a read would hang the call
//     (caught by the per-call time bound), and while a reader waits in `open`, opening the FIFO to write
//     with O_NONBLOCK succeeds instead of failing with ENXIO: that is checked after every method;
//   - `folder.wav`, a directory.
// The window is even handed these paths (as if dropped), so the handlers behind the grant check see them.
// Writes: the sentinel folder's listing and every entry's type, size, mtime and ctime are snapshotted
// before and compared after each method (a write, rename, chmod or new file changes one of them).
// Reads of the regular file: its atime is set far in the past, so a read updates it even on `relatime`
// mounts; whether this file system records atime at all is measured first on a probe file, and the
// check is only made where it can see something (a `noatime` mount cannot).
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inputSchemas } from '../../../src-main/ipc/schemas/index.ts';
import type { SenderInfo } from '../../../src-main/ipc/types.ts';
import {
  ERROR_CODES,
  type ErrorCode,
  METHOD_NAMES,
  type MethodName,
  type Result,
} from '../../../src-preload/contract.ts';
import { startFakeGateway } from '../../fake-gateway/server.ts';
import type { FakeGateway } from '../../fake-gateway/types.ts';
import { conversation } from '../../support/conversation-fixtures.ts';
import { createTestLayer, type TestLayer, TRUSTED_SENDER } from '../../support/test-layer.ts';

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/** Generated inputs per method: the issue asks for at least 1,000. */
const RUNS_PER_METHOD = 1_000;
/** Calls per method from a sender that must be refused. */
const WRONG_SENDER_RUNS = 40;
/** A call that takes longer than this is taken as hung (a blocked read, a wait on a timeout). */
const CALL_BOUND_MS = 5_000;

// ─── The sentinel folder outside the data folder ─────────────────────────────────────────────────

let outside: string;
let gateway: Required<FakeGateway>;
let atimeRecorded = false;
const OLD_TIME = new Date('2001-01-01T00:00:00Z');

const sentinel = () => ({
  secret: join(outside, 'secret.key'),
  link: join(outside, 'notes.wav'),
  fifo: join(outside, 'pipe.wav'),
  folder: join(outside, 'folder.wav'),
});

interface EntryStamp {
  kind: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** lstat only: following the link or reading the file would itself be the read this test looks for. */
function snapshot(): Record<string, EntryStamp> {
  const stamps: Record<string, EntryStamp> = {};
  for (const name of readdirSync(outside).sort()) {
    const stat = lstatSync(join(outside, name));
    const kind = stat.isSymbolicLink()
      ? 'link'
      : stat.isFIFO()
        ? 'fifo'
        : stat.isDirectory()
          ? 'dir'
          : 'file';
    stamps[name] = { kind, size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs };
  }
  return stamps;
}

/** True when some reader has the FIFO open (or is blocked opening it): a write-side open then succeeds. */
function fifoHasReader(): boolean {
  try {
    const fd = openSync(sentinel().fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    // Closing it releases the reader with an end of file, so a hung handler can finish.
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') return false;
    throw error;
  }
}

beforeAll(async () => {
  // The layer logs every refused sender and every input too deep to check: tens of thousands of lines
  // here, which would bury a failure. The assertions carry what matters.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  outside = mkdtempSync(join(tmpdir(), 'gs-fuzz-outside-'));
  const { secret, link, fifo, folder } = sentinel();
  writeFileSync(secret, 'not audio, and not the app’s to read\n');
  symlinkSync(secret, link);
  execFileSync('mkfifo', [fifo]);
  mkdirSync(folder);
  // Calibrate the atime probe on a file of its own (reading `secret.key` here would spoil the check).
  const probe = join(outside, 'atime-probe');
  writeFileSync(probe, 'probe');
  utimesSync(probe, OLD_TIME, OLD_TIME);
  readFileSync(probe);
  atimeRecorded = lstatSync(probe).atimeMs > OLD_TIME.getTime();
  rmSync(probe);
  utimesSync(secret, OLD_TIME, OLD_TIME);
  // The FIFO probe must be able to see a reader, or its silence would prove nothing.
  expect(fifoHasReader()).toBe(false);
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  expect(fifoHasReader()).toBe(true);
  closeSync(reader);
  gateway = await startFakeGateway();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await gateway?.close();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

// ─── Hostile values ──────────────────────────────────────────────────────────────────────────────

/** Built once: generating multi-megabyte strings per run would spend the time budget on the generator. */
const HUGE_STRINGS = [
  'a'.repeat(3_000_000),
  '../'.repeat(200_000),
  '\0'.repeat(100_000),
  '\ud800'.repeat(50_000),
  '😀'.repeat(300_000),
  `https://example.com/${'x'.repeat(9_000)}`,
];

function deepArray(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function deepObject(depth: number, key: string): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) {
    const next = {};
    Object.defineProperty(next, key, { value, enumerable: true, configurable: true, writable: true });
    value = next;
  }
  return value;
}

/** Objects with `__proto__` or `constructor.prototype` as own keys, as JSON.parse (or a clone) makes them. */
const POLLUTERS = [
  JSON.parse('{"__proto__": {"polluted": "yes"}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}'),
  JSON.parse('{"__proto__": {"__proto__": {"polluted": "yes"}}, "id": "x"}'),
  JSON.parse('{"toString": "not a function", "valueOf": 1, "hasOwnProperty": null}'),
];

/** Named for fast-check's reports: printing a counterexample 20,000 levels deep would overflow the stack. */
function named<T extends object>(value: T, name: string): T {
  Object.defineProperty(value, fc.toStringMethod, { value: () => name, enumerable: false });
  return value;
}

const DEEP = [
  named(deepArray(20_000) as object, 'deepArray(20000)'),
  named(deepObject(20_000, 'a') as object, 'deepObject(20000, "a")'),
  named(deepObject(5_000, '__proto__') as object, 'deepObject(5000, "__proto__")'),
  named(deepArray(200) as object, 'deepArray(200)'),
];

const URLS = [
  'https://example.com/',
  'HTTPS://EXAMPLE.COM/a?b=c#d',
  'https://user:pass@example.com/',
  'https://user@example.com/',
  'https://:@example.com/',
  'https:\\\\example.com\\x',
  ' https://example.com/',
  '\0https://example.com/',
  'https://example.com/\0',
  'http://example.com/',
  'http://127.0.0.1:5199/index.html',
  'file:///etc/passwd',
  'FILE:///C:/Windows/win.ini',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'app://gateway-studio/index.html',
  'blob:https://example.com/1f0e',
  'chrome://settings',
  'devtools://devtools/bundled/inspector.html',
  'vbscript:msgbox(1)',
  'about:blank',
  'mailto:a@example.com',
  'ftp://example.com/',
  'ws://example.com/',
  'smb://server/share',
  'ms-settings:privacy',
  'x-custom-handler://run?cmd=calc',
  '//example.com/',
  'example.com',
];

const WEIRD_NUMBERS = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -Number.MAX_VALUE,
  2 ** 53 + 1,
  -1,
  1e21,
  0.5,
];

const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'then', 'path', 'id', 'url', ''];

interface Context {
  dataDir: string;
}

/** Paths that name something outside the data folder, by every route a renderer could try. */
function hostilePaths({ dataDir }: Context): string[] {
  const { secret, link, fifo, folder } = sentinel();
  const outsideName = basename(outside);
  return [
    secret,
    link,
    fifo,
    folder,
    outside,
    join(dataDir, '..', outsideName, 'secret.key'),
    `${dataDir}/../${outsideName}/pipe.wav`,
    `${dataDir}/../../etc/passwd`,
    `${outside}/../${outsideName}/notes.wav`,
    `${fifo}\0.wav`,
    `${secret}\0`,
    `${link}/`,
    '../../../../etc/passwd',
    'notes.wav',
    './pipe.wav',
    '/etc/passwd',
    '/etc/shadow',
    '/proc/self/environ',
    '/proc/self/fd/0',
    '~/.ssh/id_rsa',
    'C:\\Windows\\win.ini',
    '\\\\server\\share\\x.wav',
    `file://${secret}`,
    dataDir,
    `${dataDir}/`,
    `${dataDir}/..`,
  ];
}

function arbitraries(context: Context) {
  const hostileString = fc.oneof(
    fc.constantFrom(...hostilePaths(context)),
    fc.constantFrom(...URLS),
    fc.constantFrom(...HUGE_STRINGS),
    fc.constantFrom(...KEYS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 20 }),
  );
  const leaf = fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.constantFrom(...WEIRD_NUMBERS) },
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constantFrom(null, undefined),
    fc.bigInt(),
    fc.uint8Array({ maxLength: 8 }),
    fc.constantFrom(...POLLUTERS),
  );
  const anything = fc.anything({
    key: fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })),
    values: [leaf],
    maxDepth: 3,
    maxKeys: 5,
    withBoxedValues: true,
    withMap: true,
    withSet: true,
    withObjectString: true,
    withNullPrototype: true,
    withBigInt: true,
    withDate: true,
    withTypedArray: true,
    withSparseArray: true,
  });
  const value = fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 3, arbitrary: anything },
    { weight: 1, arbitrary: fc.constantFrom(...DEEP) },
  );
  return { leaf, value };
}

// ─── Near-valid inputs ───────────────────────────────────────────────────────────────────────────

type Path = Array<string | number>;

/** Every place in a valid input where one field can be made wrong (not inside byte arrays). */
function fieldPaths(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return [];
  const paths: Path[] = [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    paths.push([...prefix, key]);
    paths.push(...fieldPaths(child, [...prefix, key]));
  }
  return paths;
}

type Mutation = 'replace' | 'delete' | 'extra';

function mutate(
  base: unknown,
  path: Path,
  mutation: Mutation,
  replacement: unknown,
  extraKey: string,
): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (mutation === 'delete') delete parent[last];
  else if (mutation === 'replace') parent[last] = replacement;
  else {
    // An own property, even for `__proto__` (plain assignment would set the prototype instead).
    const target = (
      typeof parent[last] === 'object' && parent[last] !== null ? parent[last] : parent
    ) as object;
    Object.defineProperty(target, extraKey, {
      value: replacement,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return copy;
}

function nearValid(base: unknown, value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const paths = fieldPaths(base);
  if (paths.length === 0) return value;
  return fc
    .tuple(
      fc.constantFrom(...paths),
      fc.constantFrom<Mutation>('replace', 'replace', 'replace', 'delete', 'extra'),
      value,
      fc.constantFrom(...KEYS),
    )
    .map(([path, mutation, replacement, key]) => mutate(base, path, mutation, replacement, key));
}

// ─── Valid inputs, one per method, that the near-valid ones start from ───────────────────────────

/** The PNG signature and a little more: enough for main to take it as a pasted image. */
const TINY_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface Setup {
  profileId: string;
}

function validInput(method: MethodName, { profileId }: Setup): unknown {
  const { fifo, link, secret } = sentinel();
  const profileFields = {
    name: 'Fuzz',
    baseUrl: gateway.baseUrl,
    vendorKeyHeader: 'x-k',
    extraHeaders: { 'x-a': 'b' },
    uploadLimitMb: 5,
  };
  const bases: Record<MethodName, unknown> = {
    'app.info': undefined,
    'settings.get': undefined,
    'settings.dismissNotice': { id: 'notice-1' },
    'settings.setPlaintextConsent': { allow: false },
    'profiles.create': { ...profileFields, apiKey: 'sk-wrong' },
    'profiles.update': { id: profileId, fields: profileFields },
    'profiles.duplicate': { id: profileId },
    'profiles.delete': { id: profileId },
    'profiles.setActive': { id: profileId },
    'profiles.setKey': { id: profileId, apiKey: 'sk-still-wrong' },
    'profiles.removeKey': { id: profileId },
    'gateway.testConnection': { profileId },
    'models.list': { profileId, refresh: true },
    'prefs.get': undefined,
    'prefs.update': { interface: { language: 'en' }, transcribe: {}, speak: {}, playground: {} },
    'audio.open': { paths: [fifo, link, secret] },
    'audio.pick': undefined,
    'audio.import': {
      name: 'clip.wav',
      type: 'audio/wav',
      bytes: new Uint8Array([1, 2, 3, 4]),
      kind: 'recording',
      durationSec: 1,
    },
    'audio.savePeaks': { path: link, peaks: { duration: 1, data: [0, 0.5, 1] } },
    'audio.release': { paths: [fifo, link, secret] },
    'audio.transcribe': {
      source: { path: fifo },
      options: {
        model: 'whisper-1',
        language: 'en',
        prompt: 'p',
        responseFormat: 'json',
        temperature: 0,
        timestampGranularities: ['word'],
      },
      mode: 'transcribe',
      name: 'n.wav',
      durationSec: 1,
    },
    'audio.jobs': undefined,
    'audio.resumeJob': { jobId: 'abc-123', part: 2, concurrency: 2 },
    'audio.discardJob': { jobId: 'abc-123', keepRecording: true },
    'transcripts.list': { query: 'a 你好 café', offset: 0, limit: 50 },
    'transcripts.get': { id: 'abc-123', segments: 100 },
    'transcripts.segments': { id: 'abc-123', from: 100, count: 1000 },
    'transcripts.delete': { id: 'abc-123' },
    'transcripts.export': { id: 'abc-123', format: 'txt' },
    'speech.generate': {
      text: 'Hello',
      model: 'tts-1',
      voice: 'alloy',
      format: 'mp3',
      speed: 1,
      instructions: 'calm',
    },
    'speech.list': { query: 'a', offset: 10, limit: 100 },
    'speech.get': { id: 'clip-1' },
    'speech.delete': { id: 'clip-1' },
    'speech.save': { id: 'clip-1' },
    'speech.continue': { id: 'clip-1' },
    'chat.responses': {
      request: {
        model: 'gpt-5-mini',
        input: [{ role: 'user', content: 'hi' }],
        settings: { temperature: 1 },
        previousResponseId: 'r',
        store: false,
      },
      stream: false,
      keepDetailAs: { id: 'conv-1', messageId: 'a-1' },
    },
    'chat.generateContent': {
      request: {
        model: 'gemini',
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        settings: { topP: 1 },
      },
      stream: false,
    },
    'chat.completions': {
      request: {
        model: 'deepseek-chat',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
        ],
        settings: { seed: 1, maxTokensField: 'max_tokens', maxOutputTokens: 10 },
      },
      stream: false,
    },
    'chat.checkStructured': { schema: '{"type":"object"}', text: '{}' },
    'chat.compact': {
      model: 'gpt-5-mini',
      input: 'hi',
      instructions: 'short',
      previousResponseId: 'r',
      callId: 'c1',
      keepDetailAs: { id: 'conv-1', messageId: 'm-1' },
    },
    'chat.cancelCompact': { callId: 'c1' },
    'chat.pickImages': undefined,
    'chat.addImages': { paths: [fifo, link, secret] },
    'chat.pasteImage': { name: 'shot.png', mimeType: 'image/png', data: TINY_PNG },
    'conversations.list': { query: 'a 你好 café', offset: 0, limit: 50 },
    'conversations.get': { id: 'conv-1' },
    'conversations.save': { conversation: conversation({ id: 'conv-1' }) },
    'comparisons.get': { id: 'cmp-1' },
    'comparisons.save': {
      comparison: {
        id: 'cmp-1',
        customTitle: '',
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
        columns: [
          conversation({ id: 'col-1' }),
          conversation({ id: 'col-2', format: 'chat', profileId: 'p-2' }),
        ],
      },
    },
    'conversations.rename': { id: 'conv-1', title: 'T' },
    'conversations.delete': { id: 'conv-1' },
    'conversations.export': { id: 'conv-1', format: 'md' },
    'conversations.detail': { id: 'conv-1', messageId: 'a-1' },
    'conversations.clearDetail': { id: 'conv-1' },
    'conversations.copyDetail': { from: 'cmp-1', to: 'conv-1' },
    'stream.stop': { streamId: 'stream-1' },
    'shell.openExternal': { url: 'https://example.com/' },
    'updates.get': undefined,
    'updates.check': undefined,
    'updates.download': undefined,
    'updates.restart': undefined,
    'diagnostics.reportError': { kind: 'error', message: 'boom', stack: 'Error: boom\n    at x' },
    'openedFiles.take': undefined,
  };
  return bases[method];
}

/**
 * Further valid inputs for methods with more than one road through the handler: the near-valid inputs
 * start from each, so a bytes upload reaches the gateway and a stream is started, not only refused.
 */
function otherValidInputs(method: MethodName): unknown[] {
  const { fifo, folder } = sentinel();
  const more: Partial<Record<MethodName, unknown[]>> = {
    'audio.transcribe': [
      {
        source: { name: 'clip.wav', type: 'audio/wav', bytes: new Uint8Array([1, 2, 3, 4]) },
        options: { model: 'whisper-1' },
        mode: 'translate',
      },
    ],
    'audio.savePeaks': [
      { path: fifo, peaks: { duration: 2, data: [] } },
      { path: folder, peaks: { duration: 2, data: [1] } },
    ],
    'audio.open': [{ paths: [folder] }],
    'chat.responses': [
      { request: { model: 'gpt-5-mini', input: 'hi' }, stream: true },
      { request: { model: 'gpt-5-mini', input: 'hi' }, stream: true, profileId: 'no-such-profile' },
      // Main keeps the record where the page says: a streamed reply's, stopped or failed, under an id.
      {
        request: { model: 'gpt-5-mini', input: 'hi' },
        stream: true,
        keepDetailAs: { id: 'conv-1', messageId: 'a-2' },
      },
    ],
    'chat.completions': [
      {
        request: {
          model: 'deepseek-chat',
          messages: [{ role: 'user', content: 'hi' }],
          settings: { structuredOutput: { name: 'x', schema: '{"type":"object"}', strict: true } },
        },
        stream: true,
      },
    ],
    'chat.checkStructured': [{ schema: '{"type":' }],
    'chat.generateContent': [
      { request: { model: 'gemini', contents: [{ role: 'model', parts: [] }] }, stream: true },
    ],
    'shell.openExternal': [{ url: 'https://example.com/a?b=c#d' }],
  };
  return more[method] ?? [];
}

// ─── One layer per method, with a profile on a gateway that refuses its key ──────────────────────

interface Harness {
  t: TestLayer;
  opened: string[];
  setup: Setup;
}

async function harness(): Promise<Harness> {
  const opened: string[] = [];
  const t = createTestLayer({
    overrides: {
      openExternal: async (url: string) => {
        opened.push(url);
      },
    },
  });
  // A real gateway that answers at once with 401 (the key is wrong): the gateway methods get past the
  // profile and the request is made, but nothing waits on a timeout or a retry.
  const created = await t.ok('profiles.create', {
    name: 'Fuzz',
    baseUrl: gateway.baseUrl,
    apiKey: 'sk-wrong',
  });
  // The window is handed the sentinel paths, as if the user had dropped them: the handlers behind the
  // grant check must still neither read them (a FIFO, a link to a non-audio file) nor write beside them.
  for (const path of Object.values(sentinel())) t.layer.registerDroppedPath(TRUSTED_SENDER, path);
  return { t, opened, setup: { profileId: created.profile.id } };
}

/** An https URL without credentials: the only kind the app may hand to the system browser. */
function isHttpsWithoutCredentials(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

function schemaAccepts(method: MethodName, input: unknown): boolean {
  try {
    return inputSchemas[method].safeParse(input).success;
  } catch {
    // Deeper than the stack: the choke point must answer invalid_input for it too.
    return false;
  }
}

/** `dispatch`, failing the property when it rejects or takes longer than the bound. */
async function bounded(promise: Promise<Result<unknown>>): Promise<Result<unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CALL_BOUND_MS} ms`)), CALL_BOUND_MS);
  });
  try {
    return await Promise.race([
      promise.catch((error: unknown) => {
        throw new Error(`dispatch rejected: ${String(error)}`);
      }),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A typed refusal: `{ ok: false, error: { code, message } }` with a code of the contract. */
function expectTypedRefusal(result: Result<unknown>, code?: ErrorCode): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(ERROR_CODE_SET.has(result.error.code), `unknown code ${result.error.code}`).toBe(true);
  if (code) expect(result.error.code).toBe(code);
  expect(typeof result.error.message).toBe('string');
  expect(result.error.message.length).toBeGreaterThan(0);
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

function expectNoPollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

function expectSentinelUntouched(before: Record<string, EntryStamp>): void {
  expect(fifoHasReader(), 'something opened the FIFO outside the data folder').toBe(false);
  expect(snapshot()).toEqual(before);
  if (atimeRecorded) {
    expect(lstatSync(sentinel().secret).atimeMs, 'the file outside the data folder was read').toBe(
      OLD_TIME.getTime(),
    );
  }
}

// ─── The tests ───────────────────────────────────────────────────────────────────────────────────

describe('IPC fuzz: malformed input through the real choke point', () => {
  it.each(METHOD_NAMES)(
    '%s answers every malformed input with a typed refusal',
    async (method) => {
      const { t, opened, setup } = await harness();
      const before = snapshot();
      const { value } = arbitraries({ dataDir: t.dataDir });
      const bases = [validInput(method, setup), ...otherValidInputs(method)];
      const input = fc.oneof(
        { weight: 4, arbitrary: value },
        { weight: 6, arbitrary: fc.oneof(...bases.map((base) => nearValid(base, value))) },
        // Rarely a valid input itself, so the handler's own success path runs amid the rest.
        { weight: 1, arbitrary: fc.constantFrom(...bases).map((b) => structuredClone(b)) },
      );
      const codes = new Map<string, number>();
      try {
        await fc.assert(
          fc.asyncProperty(input, async (generated) => {
            const refusedBySchema = !schemaAccepts(method, generated);
            const result = await bounded(t.layer.dispatch(TRUSTED_SENDER, method, generated));
            // What IPC would send back must be cloneable, or the renderer gets a bare rejection.
            expect(() => structuredClone(result)).not.toThrow();
            if (refusedBySchema) expectTypedRefusal(result, 'invalid_input');
            else if (!result.ok) {
              expectTypedRefusal(result);
              // `internal` is what an unexpected throw becomes: typed, but a defect all the same.
              expect(result.error.code, result.error.message).not.toBe('internal');
            }
            const key = result.ok ? 'ok' : result.error.code;
            codes.set(key, (codes.get(key) ?? 0) + 1);
            for (const url of opened) expect(isHttpsWithoutCredentials(url), `opened ${url}`).toBe(true);
            expectNoPollution();
          }),
          { numRuns: RUNS_PER_METHOD, endOnFailure: true },
        );
        // How far the inputs got (refused by the schema, by a handler, or run): for tuning the generators.
        if (process.env.FUZZ_REPORT)
          process.stdout.write(`${method} ${JSON.stringify(Object.fromEntries(codes))}\n`);
        // Streams started by valid calls finish in the background: let them, then look again.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expectSentinelUntouched(before);
        expect([...codes.values()].reduce((a, b) => a + b, 0)).toBe(RUNS_PER_METHOD);
      } finally {
        await t.close();
      }
    },
    60_000,
  );
});

describe('IPC fuzz: calls from wrong senders', () => {
  const foreignUrls = fc.oneof(
    fc.constantFrom(
      ...URLS,
      'http://127.0.0.1:5198/index.html',
      'http://127.0.0.1:5199.evil.com/',
      'http://localhost:5199/',
      '',
    ),
    fc.string({ maxLength: 30 }),
  );
  // At least one of the three conditions fails; the other two take any value.
  const wrongSender: fc.Arbitrary<SenderInfo> = fc
    .record({
      ownerId: fc.oneof(fc.integer(), fc.constant(1)),
      knownWindow: fc.boolean(),
      topFrame: fc.boolean(),
      url: fc.oneof(fc.constant(TRUSTED_SENDER.url), foreignUrls),
    })
    .filter((s) => !(s.knownWindow && s.topFrame && s.url.startsWith('http://127.0.0.1:5199/')));

  it('refuses every method, with valid or malformed input, as forbidden_sender and runs nothing', async () => {
    const { t, opened, setup } = await harness();
    const before = snapshot();
    const settingsBefore = await t.ok('settings.get', undefined);
    const { value } = arbitraries({ dataDir: t.dataDir });
    let calls = 0;
    try {
      for (const method of METHOD_NAMES) {
        const base = validInput(method, setup);
        await fc.assert(
          fc.asyncProperty(wrongSender, fc.oneof(fc.constant(base), value), async (sender, input) => {
            calls++;
            const result = await bounded(t.layer.dispatch(sender, method, input));
            expectTypedRefusal(result, 'forbidden_sender');
            expect(t.layer.registerDroppedPath(sender, sentinel().secret)).toBe(false);
          }),
          { numRuns: WRONG_SENDER_RUNS, endOnFailure: true },
        );
      }
      // Unknown method names (and values that are no name at all) from a wrong sender: the sender is refused first.
      await fc.assert(
        fc.asyncProperty(
          wrongSender,
          fc.oneof(fc.constantFrom('nope', '__proto__', 'constructor'), value),
          async (sender, method) => {
            calls++;
            expectTypedRefusal(
              await bounded(t.layer.dispatch(sender, method as string, undefined)),
              'forbidden_sender',
            );
          },
        ),
        { numRuns: 50 },
      );
      expect(calls).toBe(METHOD_NAMES.length * WRONG_SENDER_RUNS + 50);
      expect(opened).toEqual([]);
      expect(await t.ok('settings.get', undefined)).toEqual(settingsBefore);
      expectSentinelUntouched(before);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('answers unknown or non-string method names from our window with unknown_method', async () => {
    const { t } = await harness();
    const { value } = arbitraries({ dataDir: t.dataDir });
    const known = new Set<unknown>(METHOD_NAMES);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string(),
            fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'toString'),
            value,
          ),
          value,
          async (method, input) => {
            fc.pre(!known.has(method));
            const result = await bounded(t.layer.dispatch(TRUSTED_SENDER, method as string, input));
            expectTypedRefusal(result, 'unknown_method');
          },
        ),
        { numRuns: 1_000 },
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});
