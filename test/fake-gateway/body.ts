// Reading a request body by its Content-Type, recording it as it goes. Multipart is parsed while it
// streams (file parts are only counted); JSON and other bodies are buffered up to a cap.
import type { OpenAIError } from './errors.ts';
import type { Exchange } from './exchange.ts';
import { boundaryOf, MultipartError, parseMultipart } from './multipart.ts';
import { createSoundAnalyser, type SoundAnalyser } from './sound.ts';
import type { RequestBody } from './state.ts';

const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
const MAX_TEXT_RECORD = 64 * 1024;

export type BodyKind = 'json' | 'multipart' | 'other' | 'none';

export interface ReadBody {
  body: RequestBody;
  kind: BodyKind;
  problem?: OpenAIError;
}

/** Yields the request's chunks, adding them to the record's byte count. */
async function* counted(ex: Exchange): AsyncGenerator<Buffer> {
  for await (const chunk of ex.req as AsyncIterable<Buffer>) {
    ex.record.bodyBytes += chunk.length;
    yield chunk;
  }
}

export async function readBody(ex: Exchange): Promise<ReadBody> {
  const contentType = ex.req.headers['content-type'];
  const boundary = boundaryOf(contentType);
  if (boundary) {
    try {
      // Each uploaded file is listened to as it passes, so its transcript can follow what it holds.
      const analysers: SoundAnalyser[] = [];
      const parsed = await parseMultipart(counted(ex), boundary, {
        onFile: () => {
          const analyser = createSoundAnalyser();
          analysers.push(analyser);
          return (data) => analyser.push(data);
        },
      });
      parsed.files.forEach((file, i) => {
        file.sound = analysers[i]?.finish() ?? null;
      });
      ex.record.multipart = {
        fields: parsed.fields,
        files: parsed.files.map(({ field, filename, contentType: type, size }) => ({
          field,
          filename,
          contentType: type,
          size,
        })),
      };
      return { body: { multipart: parsed }, kind: 'multipart' };
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      for await (const _ of counted(ex)) {
        // drain the rest so the answer can be read
      }
      return {
        body: {},
        kind: 'multipart',
        problem: {
          status: 400,
          message: `Invalid multipart body: ${error.message}`,
          code: 'invalid_multipart',
        },
      };
    }
  }

  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of counted(ex)) {
    if (kept + chunk.length <= MAX_BUFFERED_BYTES) {
      chunks.push(chunk);
      kept += chunk.length;
    }
  }
  const isJson = contentType !== undefined && /^application\/json\b/i.test(contentType);
  if (ex.record.bodyBytes === 0) {
    if (!isJson) return { body: {}, kind: 'none' };
    return {
      body: {},
      kind: 'json',
      problem: { status: 400, message: 'The request body is empty.', code: 'invalid_json' },
    };
  }
  const bytes = Buffer.concat(chunks);
  if (ex.record.bodyBytes > MAX_BUFFERED_BYTES) {
    return {
      body: {},
      kind: 'other',
      problem: { status: 413, message: 'Request body too large', code: 'request_body_too_large' },
    };
  }
  if (isJson) {
    try {
      const json: unknown = JSON.parse(bytes.toString('utf8'));
      ex.record.json = json;
      return { body: { json }, kind: 'json' };
    } catch {
      ex.record.text = bytes.subarray(0, MAX_TEXT_RECORD).toString('utf8');
      return {
        body: {},
        kind: 'json',
        problem: {
          status: 400,
          message:
            'We could not parse the JSON body of your request. The API expects a JSON payload, but what was sent was not valid JSON.',
          code: 'invalid_json',
        },
      };
    }
  }
  ex.record.text = bytes.subarray(0, MAX_TEXT_RECORD).toString('utf8');
  return { body: {}, kind: 'other' };
}
