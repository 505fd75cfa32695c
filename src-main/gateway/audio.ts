// Audio uploads for transcription and translation: the file's name and type made right (gateways may
// forward the file as application/octet-stream, so the extension is what upstream goes by), and the
// multipart fields of WIRE.md.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import {
  ACCEPTED_AUDIO_EXTENSIONS,
  type AudioSource,
  type TranscriptionOptions,
} from '../../src-preload/contract.ts';
import { UPLOAD_CHUNK_BYTES } from './defaults.ts';
import { GatewayError } from './gateway-error.ts';
import type { FilePart, TextPart } from './multipart.ts';
import { words } from './words.ts';

/** The upload formats of WIRE.md, with the content type each is sent as. */
export const AUDIO_CONTENT_TYPES: Readonly<Record<string, string>> = {
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  mp4: 'audio/mp4',
  mpeg: 'audio/mpeg',
  mpga: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
};

/** Other names for the same containers, renamed to the name upstream accepts. */
const EXTENSION_ALIASES: Readonly<Record<string, string>> = {
  oga: 'ogg',
  opus: 'ogg',
  wave: 'wav',
  mpg: 'mpeg',
};

/**
 * Every file extension an upload may have: the accepted formats and their other names. The list lives in
 * the contract (the drop target and the file dialog use it too); each entry is a key of one of the maps above.
 */
export const UPLOAD_EXTENSIONS: readonly string[] = ACCEPTED_AUDIO_EXTENSIONS;

const MIME_EXTENSIONS: Readonly<Record<string, string>> = {
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mpga': 'mp3',
  'audio/mp4': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'application/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/webm': 'webm',
  'video/webm': 'webm',
};

/** Containers recognisable from their first bytes, with the extensions that name each. */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  wav: ['wav'],
  flac: ['flac'],
  ogg: ['ogg'],
  webm: ['webm'],
  mp4: ['m4a', 'mp4'],
  mp3: ['mp3', 'mpeg', 'mpga'],
};

function ascii(bytes: Uint8Array, start: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[start + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** The container family from a file's first bytes, when its signature is unambiguous. */
export function sniffAudioFamily(head: Uint8Array): keyof typeof FAMILIES | undefined {
  if (head.length < 4) return undefined;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(head, 4, 'ftyp')) return 'mp4';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  // An MPEG audio frame header; layer bits 00 would be AAC in ADTS, which is not an accepted upload format.
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && ((head[1] ?? 0) & 0x06) !== 0) return 'mp3';
  return undefined;
}

export interface UploadName {
  filename: string;
  contentType: string;
}

/**
 * The filename and part content type to upload under: the file's signature wins, then its extension,
 * then its MIME type. An unrecognised file keeps its name (upstream decides what it accepts).
 */
export function uploadNameFor(
  name: string,
  mimeType: string | undefined,
  head: Uint8Array | undefined,
): UploadName {
  const base = basename(name.replace(/\\/g, '/')) || 'audio';
  const rawExtension = extname(base).slice(1).toLowerCase();
  const stem = rawExtension ? base.slice(0, -(rawExtension.length + 1)) || 'audio' : base;
  const named = EXTENSION_ALIASES[rawExtension] ?? rawExtension;
  const family = head ? sniffAudioFamily(head) : undefined;
  const mime = mimeType?.split(';')[0]?.trim().toLowerCase() ?? '';

  let extension: string | undefined;
  if (family !== undefined) {
    const names = FAMILIES[family]!;
    const fromMime = MIME_EXTENSIONS[mime];
    extension = names.includes(named) ? named : fromMime && names.includes(fromMime) ? fromMime : names[0];
  } else if (AUDIO_CONTENT_TYPES[named]) {
    extension = named;
  } else if (MIME_EXTENSIONS[mime]) {
    extension = MIME_EXTENSIONS[mime];
  }
  if (extension === undefined) return { filename: base, contentType: mime || 'application/octet-stream' };
  return { filename: `${stem}.${extension}`, contentType: AUDIO_CONTENT_TYPES[extension]! };
}

function fileFailure(path: string, error: unknown): GatewayError {
  const code = (error as { code?: unknown } | null)?.code;
  const name = basename(path);
  const message = words(
    code === 'ENOENT'
      ? 'message.fileGone'
      : code === 'EACCES' || code === 'EPERM'
        ? 'message.fileForbidden'
        : 'message.fileUnreadable',
    { name },
  );
  return new GatewayError('file_error', message, { hint: words('hint.checkFile'), cause: error });
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function* readFileChunks(path: string): AsyncGenerator<Uint8Array> {
  const stream = createReadStream(path, { highWaterMark: UPLOAD_CHUNK_BYTES });
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (error) {
    throw fileFailure(path, error);
  } finally {
    stream.destroy();
  }
}

function* sliceBytes(bytes: Uint8Array): Generator<Uint8Array> {
  // Slices (not copies) keep progress reports as fine-grained as a file's.
  for (let offset = 0; offset < bytes.byteLength; offset += UPLOAD_CHUNK_BYTES) {
    yield bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
  }
}

/** The `file` part for an audio source, streamed from disk or from memory. */
export async function audioFilePart(source: AudioSource): Promise<FilePart> {
  if ('path' in source) {
    const path = source.path;
    let size: number;
    let head: Uint8Array;
    try {
      const info = await stat(path);
      if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
      size = info.size;
      head = await readHead(path);
    } catch (error) {
      throw fileFailure(path, error);
    }
    const { filename, contentType } = uploadNameFor(path, undefined, head);
    return { name: 'file', filename, contentType, size, open: () => readFileChunks(path) };
  }
  const bytes = source.bytes;
  const { filename, contentType } = uploadNameFor(source.name, source.type, bytes.subarray(0, 16));
  return {
    name: 'file',
    filename,
    contentType,
    size: bytes.byteLength,
    open: async function* () {
      yield* sliceBytes(bytes);
    },
  };
}

/** The text fields of a transcription or translation, in the order a streaming parser likes: before the file. */
export function transcriptionFields(
  options: TranscriptionOptions,
  mode: 'transcribe' | 'translate',
): TextPart[] {
  const fields: TextPart[] = [{ name: 'model', value: options.model }];
  // Translations always produce English and take no `language`.
  if (mode === 'transcribe' && options.language) fields.push({ name: 'language', value: options.language });
  if (options.prompt) fields.push({ name: 'prompt', value: options.prompt });
  if (options.responseFormat) fields.push({ name: 'response_format', value: options.responseFormat });
  if (options.temperature !== undefined)
    fields.push({ name: 'temperature', value: String(options.temperature) });
  if (mode === 'transcribe' && options.chunkingStrategy)
    fields.push({ name: 'chunking_strategy', value: options.chunkingStrategy });
  // Streamed transcription (OpenAI's transcription reference, `stream`): not for translations, whose
  // endpoint refuses it; which models stream is the renderer's model rules' call.
  if (mode === 'transcribe' && options.stream) fields.push({ name: 'stream', value: 'true' });
  // Timestamps exist only in verbose_json; sending them with another format is an upstream error.
  if (mode === 'transcribe' && options.responseFormat === 'verbose_json') {
    for (const granularity of options.timestampGranularities ?? []) {
      fields.push({ name: 'timestamp_granularities[]', value: granularity });
    }
  }
  return fields;
}
