// One handler per contract method. The mapped `Handlers` type makes the table complete: a method added
// to the contract without a handler here fails to compile. Inputs arrive already parsed (schemas.ts).
import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  AppInfo,
  AudioSource,
  MethodInput,
  MethodName,
  MethodOutput,
} from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { mediaUrlFor } from '../app-origin.ts';
import { eventsFromChatResult, UPLOAD_EXTENSIONS } from '../gateway/index.ts';
import type { ChatResult } from '../gateway/types.ts';
import type { CatalogueService } from '../services/catalogue.ts';
import type { GatewayAccess } from '../services/gateway-access.ts';
import type { SettingsService } from '../services/settings.ts';
import type { StreamContext, StreamManager } from './stream-manager.ts';

export interface CallContext {
  ownerId: number;
}

export type Handlers = {
  [M in MethodName]: (
    input: MethodInput<M>,
    context: CallContext,
  ) => Promise<MethodOutput<M>> | MethodOutput<M>;
};

export interface HandlerServices {
  settings: SettingsService;
  catalogue: CatalogueService;
  gateway: GatewayAccess;
  streams: StreamManager;
  dataDir: string;
  openExternal(url: string): Promise<void>;
  appInfo: AppInfo;
}

/** Upload progress is reported at most this often: a 200 MB upload is thousands of chunks. */
const PROGRESS_INTERVAL_MS = 100;

function throttledProgress(emit: StreamContext['emit']) {
  let last = 0;
  return (sent: number, total: number) => {
    const now = performance.now();
    if (sent < total && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    emit({ type: 'upload-progress', sent, total });
  };
}

/**
 * The source as main will read it, with its size. A path is followed to the real file and checked
 * again there: the schema's extension check alone would let `notes.wav` → `~/.ssh/id_rsa` through.
 */
async function resolveSource(source: AudioSource): Promise<{ source: AudioSource; size: number }> {
  if ('bytes' in source) return { source, size: source.bytes.byteLength };
  let real: string;
  let size: number;
  try {
    real = await realpath(source.path);
    const info = await stat(real);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    throw new AppFailure('file_error', `The file ${source.path} cannot be read.`, {
      hint: 'It may have been moved or deleted. Add it again.',
    });
  }
  if (!UPLOAD_EXTENSIONS.some((ext) => real.toLowerCase().endsWith(`.${ext}`))) {
    throw new AppFailure('invalid_input', 'Only audio files can be sent.', {
      hint: `${source.path} leads to a file that is not audio.`,
    });
  }
  return { source: { path: real }, size };
}

/** A non-streamed chat reply: its raw body (for the inspector), then the events a stream would give. */
function emitChatResult(emit: StreamContext['emit'], result: ChatResult): void {
  emit({ type: 'result', data: result.raw });
  for (const event of eventsFromChatResult(result)) emit(event);
}

export function createHandlers(services: HandlerServices): Handlers {
  const { settings, catalogue, gateway, streams } = services;

  return {
    'app.info': () => services.appInfo,
    'settings.get': () => settings.state(),
    'settings.dismissNotice': ({ id }) => settings.dismissNotice(id),
    'settings.setPlaintextConsent': ({ allow }) => settings.setPlaintextConsent(allow),
    'profiles.create': (input) => settings.createProfile(input),
    'profiles.update': ({ id, fields }) => settings.updateProfile(id, fields),
    'profiles.duplicate': ({ id }) => settings.duplicateProfile(id),
    'profiles.delete': async ({ id }) => {
      const state = settings.deleteProfile(id);
      await catalogue.forget(id);
      return state;
    },
    'profiles.setActive': ({ id }) => settings.setActive(id),
    'profiles.setKey': ({ id, apiKey }) => settings.setKey(id, apiKey),
    'profiles.removeKey': ({ id }) => settings.removeKey(id),

    'gateway.testConnection': ({ profileId }) => catalogue.testConnection(profileId),
    'models.list': ({ profileId, refresh }) => catalogue.list(profileId, refresh ?? false),

    'audio.transcribe': async ({ source, options, mode }, { ownerId }) => {
      const { client, profile } = gateway();
      const { source: file, size } = await resolveSource(source);
      const limit = profile.uploadLimitMb * 1024 * 1024;
      if (size > limit) {
        throw new AppFailure(
          'too_large',
          `The file is ${(size / 1048576).toFixed(1)} MB; this profile sends at most ${profile.uploadLimitMb} MB.`,
          {
            hint: 'Use a shorter or compressed clip, or raise the upload limit in Settings if your gateway accepts more.',
          },
        );
      }
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        const call = { signal, onUploadProgress: throttledProgress(emit) };
        const transcript =
          mode === 'translate'
            ? await client.translate(file, options, call)
            : await client.transcribe(file, options, call);
        emit({ type: 'result', data: transcript });
        emit({ type: 'done', status: 'completed' });
      });
      return { streamId };
    },

    'audio.speak': (options, { ownerId }) => {
      const { client } = gateway();
      const directory = join(services.dataDir, 'media', 'speech');
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        const clip = await client.speech(options, { directory, signal });
        const url = mediaUrlFor(services.dataDir, clip.path);
        emit({ type: 'result', data: url === null ? clip : { ...clip, url } });
        emit({ type: 'done', status: 'completed' });
      });
      return { streamId };
    },

    'chat.responses': ({ request, stream }, { ownerId }) => {
      const { client } = gateway();
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        if (!stream) return emitChatResult(emit, await client.responses(request, { signal }));
        for await (const event of client.streamResponses(request, { signal })) emit(event);
      });
      return { streamId };
    },

    'chat.generateContent': ({ request, stream }, { ownerId }) => {
      const { client } = gateway();
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        if (!stream) return emitChatResult(emit, await client.generateContent(request, { signal }));
        for await (const event of client.streamGenerateContent(request, { signal })) emit(event);
      });
      return { streamId };
    },

    'chat.compact': (request) => gateway().client.compact(request),

    'stream.stop': ({ streamId }, { ownerId }) => ({ stopped: streams.stop(streamId, ownerId) }),

    'shell.openExternal': async ({ url }) => {
      await services.openExternal(url);
      return { opened: true };
    },
  };
}
