// Speech (`/v1/audio/speech`): the request body, and the audio streamed to a file atomically
// (temp name + rename; the partial file is removed on failure or abort).
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpeechFormat, SpeechOptions } from '../../src-preload/contract.ts';
import { failureFromErrorObject, malformedFailure } from './errors.ts';
import { GatewayError } from './gateway-error.ts';
import type { Exchange } from './http.ts';
import { isRecord } from './json.ts';
import { pcmFormat, wavHeaderWith } from './wav.ts';
import { words } from './words.ts';

/** File extension per requested format; the response's Content-Type is not trusted for this. */
export const SPEECH_EXTENSIONS: Readonly<Record<SpeechFormat, string>> = {
  mp3: 'mp3',
  opus: 'opus',
  aac: 'aac',
  flac: 'flac',
  wav: 'wav',
  pcm: 'pcm',
};

/** What `pcm` is (WIRE.md): raw 24 kHz, 16-bit, mono, little-endian samples without a header. */
export const PCM_SAMPLE_RATE = 24_000;
const PCM_CHANNELS = 1;
const PCM_BITS = 16;
const WAV_HEADER_BYTES = 44;

export function buildSpeechBody(options: SpeechOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    voice: options.voice,
    input: options.input,
    response_format: options.format ?? 'mp3',
  };
  if (options.speed !== undefined) body.speed = options.speed;
  if (options.instructions !== undefined && options.instructions !== '')
    body.instructions = options.instructions;
  return body;
}

const PCM_FMT = pcmFormat(PCM_CHANNELS, PCM_SAMPLE_RATE, PCM_BITS);

/** A canonical 44-byte WAV header for `dataBytes` of the gateway's pcm. */
export function wavHeader(dataBytes: number): Uint8Array {
  return wavHeaderWith(PCM_FMT, dataBytes);
}

export interface SpeechFileOptions {
  directory: string;
  format: SpeechFormat;
  /** Wrap raw pcm in a WAV header so it can be played. */
  wrapPcm: boolean;
  onProgress?: ((received: number) => void) | undefined;
}

export interface SpeechFile {
  path: string;
  extension: string;
  /** Size of the written file. */
  bytes: number;
}

function speechFileName(extension: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `speech-${stamp}-${randomBytes(4).toString('hex')}.${extension}`;
}

/** Rejects a 200 answer that carries JSON (an error, or a misrouted request) instead of audio. */
export async function rejectNonAudio(exchange: Exchange): Promise<void> {
  const contentType = exchange.response.headers.get('content-type') ?? '';
  if (!/json/i.test(contentType)) return;
  const body = await exchange.json(64 * 1024);
  if (isRecord(body) && body.error !== undefined && body.error !== null)
    throw failureFromErrorObject(body, 'speech');
  throw malformedFailure(words('malformed.jsonInsteadOfAudio'), 'speech');
}

export async function writeSpeechFile(exchange: Exchange, options: SpeechFileOptions): Promise<SpeechFile> {
  const wrap = options.format === 'pcm' && options.wrapPcm;
  const extension = wrap ? 'wav' : SPEECH_EXTENSIONS[options.format];
  const name = speechFileName(extension);
  const finalPath = join(options.directory, name);
  const tempPath = join(options.directory, `.${name}.partial`);
  try {
    await mkdir(options.directory, { recursive: true });
  } catch (error) {
    throw new GatewayError('file_error', words('message.speechFolder'), {
      hint: words('hint.dataFolderWritable'),
      cause: error,
    });
  }
  const handle = await open(tempPath, 'wx').catch((error: unknown) => {
    throw new GatewayError('file_error', words('message.speechClip'), {
      hint: words('hint.diskNotFull'),
      cause: error,
    });
  });
  let closed = false;
  try {
    let received = 0;
    if (wrap) await handle.write(wavHeader(0));
    for await (const chunk of exchange.chunks()) {
      await handle.write(chunk);
      received += chunk.byteLength;
      options.onProgress?.(received);
    }
    if (received === 0) throw malformedFailure(words('malformed.noAudio'), 'speech');
    let size = received;
    if (wrap) {
      if (received % 2 === 1) await handle.write(new Uint8Array(1));
      await handle.write(wavHeader(received), 0, WAV_HEADER_BYTES, 0);
      size = WAV_HEADER_BYTES + received + (received % 2);
    }
    await handle.sync();
    await handle.close();
    closed = true;
    await rename(tempPath, finalPath);
    return { path: finalPath, extension, bytes: size };
  } catch (error) {
    if (!closed) await handle.close().catch(() => undefined);
    await rm(tempPath, { force: true }).catch(() => undefined);
    if (error instanceof GatewayError) throw error;
    throw new GatewayError('file_error', words('message.speechClip'), {
      hint: words('hint.diskNotFull'),
      cause: error,
    });
  }
}
