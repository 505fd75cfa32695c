// The IPC choke point. Every renderer→main call passes through `dispatch`: the sender is checked, the
// input parsed with its schema, the handler called, and a result object returned. It never throws:
// an `invoke` rejection would keep only a message and lose the error's code and hint.
import { isAbsolute, join } from 'node:path';
import { METHOD_NAMES, type MethodName, type Result } from '../../src-preload/contract.ts';
import { toAppError } from '../app-failure.ts';
import { t } from '../i18n/index.ts';
import { createLogger } from '../log.ts';
import { writesSettled, writesUnderWay } from '../services/atomic-file.ts';
import { createCatalogueService } from '../services/catalogue.ts';
import { createGatewayAccess } from '../services/gateway-access.ts';
import { createImageAttachments } from '../services/image-attachments.ts';
import { setKnownSecretsProvider } from '../services/known-secrets.ts';
import { createSettingsService } from '../services/settings.ts';
import { sweepAtStart } from '../services/start-sweep.ts';
import { createBackgroundWork } from './background-work.ts';
import { createHandlers } from './handlers/index.ts';
import { describeIssues, inputSchemas } from './schemas/index.ts';
import { DEFAULT_BATCH_INTERVAL_MS, StreamManager } from './stream-manager.ts';
import type { IpcHostDeps, IpcLayer, SenderInfo } from './types.ts';

const knownMethods: ReadonlySet<string> = new Set(METHOD_NAMES);

function isMethod(method: string): method is MethodName {
  return knownMethods.has(method);
}

/**
 * A method name for a log line or a message. `String()` would throw on an object without a prototype
 * (or with a throwing `toString`), and `dispatch` must answer whatever it is handed.
 */
function methodLabel(method: unknown): string {
  return typeof method === 'string' ? method.slice(0, 80) : `(a ${typeof method})`;
}

/** Methods after which every other window should hear the new settings. */
function changesSettings(method: MethodName): boolean {
  return method.startsWith('profiles.') || (method.startsWith('settings.') && method !== 'settings.get');
}

/** Only our own window's top-level frame showing our own page may call main. */
export function isTrustedSender(sender: SenderInfo, isAppUrl: (url: string) => boolean): boolean {
  return sender.knownWindow && sender.topFrame && isAppUrl(sender.url);
}

/** The longest path a renderer may hand over; the audio schemas take no longer ones either. */
const MAX_PATH_LENGTH = 4_096;

/** A string that can name a file at all: absolute, not over-long, no NUL (which no OS path contains). */
function isUsablePath(path: unknown): path is string {
  return (
    typeof path === 'string' && path.length <= MAX_PATH_LENGTH && !path.includes('\0') && isAbsolute(path)
  );
}

export function createIpcLayer(deps: IpcHostDeps): IpcLayer {
  const log = createLogger('ipc');
  // Litter of earlier runs (crashed writes, unused recordings); runs alongside the first requests, never throws.
  const background = createBackgroundWork();
  const sweep = sweepAtStart(deps.dataDir);
  background.add(() => sweep);
  const settings = createSettingsService({
    directory: deps.dataDir,
    secretBox: deps.secretBox,
    createStore: deps.createSettingsStore,
  });
  // From here on, whatever is written to disk or to the log is scrubbed of every secret the profiles hold.
  setKnownSecretsProvider(() => settings.secretValues());
  const gateway = createGatewayAccess(settings, deps.fetch);
  const streams = new StreamManager({
    deliver: (ownerId, batch) => deps.emit(ownerId, 'stream.batch', batch),
    intervalMs: deps.batchIntervalMs ?? DEFAULT_BATCH_INTERVAL_MS,
  });
  // Stopped streams still write their replies' records; a save asked for just before may still be writing
  // (atomic writes only: see `writesDone` in types.ts).
  const writesDone = async () => {
    await Promise.all([streams.settled(), writesSettled()]);
  };
  background.add(writesDone);
  const handlers = createHandlers({
    settings,
    catalogue: createCatalogueService(gateway, join(deps.dataDir, 'cache')),
    gateway,
    streams,
    media: deps.mediaGrants,
    dialogs: deps.dialogs,
    attachments: createImageAttachments(deps.dataDir),
    dataDir: deps.dataDir,
    openExternal: deps.openExternal,
    appInfo: deps.appInfo,
    openedFiles: deps.openedFiles,
    background,
  });

  // Windows that have called us: they hear about settings changed by another window.
  const owners = new Set<number>();
  const broadcastSettings = (except: number) => {
    const state = settings.state();
    for (const owner of owners) if (owner !== except) deps.emit(owner, 'settings.changed', state);
  };

  const fail = (
    code: 'forbidden_sender' | 'unknown_method' | 'invalid_input',
    message: string,
  ): Result<never> => ({
    ok: false,
    error: { code, message },
  });

  return {
    async dispatch(sender, method, input) {
      if (!isTrustedSender(sender, deps.isAppUrl)) {
        log.warn(`refused ${methodLabel(method)} from an untrusted sender (${sender.url.slice(0, 200)})`);
        return fail('forbidden_sender', t('errors.ipc.untrustedSender'));
      }
      if (typeof method !== 'string' || !isMethod(method)) {
        return fail('unknown_method', t('errors.ipc.unknownMethod', { method: methodLabel(method) }));
      }
      // Inside its own `try`: a schema that throws (a bug, or a structure deeper than the stack) must
      // still answer, or the renderer hears only that main did not answer.
      let parsed: ReturnType<(typeof inputSchemas)[typeof method]['safeParse']>;
      try {
        parsed = inputSchemas[method].safeParse(input);
      } catch (error) {
        log.error(`${method}: its input could not be checked`, error);
        return fail('invalid_input', t('errors.ipc.uncheckable'));
      }
      if (!parsed.success) return fail('invalid_input', describeIssues(parsed.error));
      try {
        // The schema table and the handler table are indexed by the same method; TypeScript cannot
        // correlate the two lookups, so the call goes through a widened signature.
        const handler = handlers[method] as (input: unknown, context: { ownerId: number }) => unknown;
        owners.add(sender.ownerId);
        const data = await handler(parsed.data, { ownerId: sender.ownerId });
        if (changesSettings(method)) broadcastSettings(sender.ownerId);
        return { ok: true, data };
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === 'internal') log.error(`${method} failed`, error);
        return { ok: false, error: appError };
      }
    },
    registerDroppedPath(sender, path) {
      // The same rule as `dispatch`: only our window's top frame showing our page. The path is not
      // looked at on disk here; the audio handlers check the file when it is used, and only then.
      if (!isTrustedSender(sender, deps.isAppUrl)) {
        log.warn(`refused a dropped path from an untrusted sender (${sender.url.slice(0, 200)})`);
        return false;
      }
      if (!isUsablePath(path)) return false;
      deps.mediaGrants.admit(sender.ownerId, path);
      return true;
    },
    abortOwnerStreams: (ownerId) => streams.abortOwner(ownerId),
    closeOwner: (ownerId) => {
      owners.delete(ownerId);
      // Paths are granted per window; a later window (even one given the same id) starts with none.
      deps.mediaGrants.forgetOwner(ownerId);
      streams.closeOwner(ownerId);
    },
    dispose: () => streams.dispose(),
    writing: () => streams.finishing || writesUnderWay(),
    writesDone,
    settled: () => background.settled(),
  };
}
