// A small streaming multipart/form-data parser. File parts are counted as they pass and only their first
// bytes are kept (enough for a WAV header), so a 200 MB upload never sits in memory.
import type { SoundMap } from './sound.ts';

export interface ParsedFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  /** The first bytes of the file (at most `keepHeadBytes`). */
  head: Buffer;
  /** Where sound is in a PCM WAV file (set by the body reader); `null` for anything else. */
  sound?: SoundMap | null;
}

export interface ParsedMultipart {
  fields: Record<string, string | string[]>;
  files: ParsedFile[];
}

export class MultipartError extends Error {}

export interface MultipartOptions {
  /** The first bytes of each file kept in `head`. */
  keepHeadBytes?: number;
  /** Called when a file part begins; the function it returns sees every byte of that file as it passes. */
  onFile?: (file: {
    field: string;
    filename: string;
    contentType: string;
  }) => ((data: Buffer) => void) | undefined;
}

const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

interface OpenPart {
  name: string;
  filename: string | undefined;
  contentType: string;
  chunks: Buffer[];
  kept: number;
  size: number;
  watch?: ((data: Buffer) => void) | undefined;
}

export async function parseMultipart(
  body: AsyncIterable<Buffer>,
  boundary: string,
  options: MultipartOptions = {},
): Promise<ParsedMultipart> {
  const keepHeadBytes = options.keepHeadBytes ?? 64 * 1024;
  const result: ParsedMultipart = { fields: {}, files: [] };
  const opening = Buffer.from(`--${boundary}`);
  // Every boundary after the first is preceded by CRLF, which belongs to the delimiter, not the part.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  type State = 'preamble' | 'after-boundary' | 'headers' | 'body' | 'done';
  let state = 'preamble' as State;
  let pending: Buffer = Buffer.alloc(0);
  let part: OpenPart | null = null;

  const addData = (data: Buffer) => {
    if (!part || data.length === 0) return;
    part.size += data.length;
    if (part.filename === undefined) {
      if (part.size > MAX_FIELD_BYTES) throw new MultipartError(`field ${part.name} is too large`);
      part.chunks.push(Buffer.from(data));
    } else {
      if (part.kept < keepHeadBytes) {
        const head = Buffer.from(data.subarray(0, keepHeadBytes - part.kept));
        part.chunks.push(head);
        part.kept += head.length;
      }
      part.watch?.(data);
    }
  };

  const closePart = () => {
    if (!part) return;
    const bytes = Buffer.concat(part.chunks);
    if (part.filename === undefined) {
      addField(result.fields, part.name, bytes.toString('utf8'));
    } else {
      result.files.push({
        field: part.name,
        filename: part.filename,
        contentType: part.contentType,
        size: part.size,
        head: bytes,
      });
    }
    part = null;
  };

  const step = (): boolean => {
    switch (state) {
      case 'preamble': {
        const at = pending.indexOf(opening);
        if (at < 0) {
          pending = pending.subarray(Math.max(0, pending.length - opening.length));
          return false;
        }
        pending = pending.subarray(at + opening.length);
        state = 'after-boundary';
        return true;
      }
      case 'after-boundary': {
        if (pending.length < 2) return false;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          state = 'done';
          pending = Buffer.alloc(0);
          return false;
        }
        // Transport padding (spaces/tabs) may sit between the boundary and its CRLF.
        const eol = pending.indexOf(CRLF);
        if (eol < 0) return false;
        if (pending.subarray(0, eol).toString('latin1').trim() !== '') {
          throw new MultipartError('malformed boundary line');
        }
        pending = pending.subarray(eol + 2);
        state = 'headers';
        return true;
      }
      case 'headers': {
        const end = pending.indexOf(HEADER_END);
        if (end < 0) {
          if (pending.length > MAX_HEADER_BYTES) throw new MultipartError('part headers too large');
          return false;
        }
        part = openPart(pending.subarray(0, end).toString('utf8'));
        if (part.filename !== undefined) {
          part.watch = options.onFile?.({
            field: part.name,
            filename: part.filename,
            contentType: part.contentType,
          });
        }
        pending = pending.subarray(end + 4);
        state = 'body';
        return true;
      }
      case 'body': {
        const at = pending.indexOf(delimiter);
        if (at >= 0) {
          addData(pending.subarray(0, at));
          closePart();
          pending = pending.subarray(at + delimiter.length);
          state = 'after-boundary';
          return true;
        }
        // Keep just enough of the tail to recognise a delimiter split across chunks.
        const safe = pending.length - (delimiter.length - 1);
        if (safe > 0) {
          addData(pending.subarray(0, safe));
          pending = pending.subarray(safe);
        }
        return false;
      }
      case 'done':
        pending = Buffer.alloc(0);
        return false;
    }
  };

  for await (const chunk of body) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (step()) {
      // keep stepping until more input is needed
    }
  }
  if (state !== 'done') throw new MultipartError('unexpected end of multipart body');
  return result;
}

function addField(fields: ParsedMultipart['fields'], name: string, value: string): void {
  const existing = fields[name];
  if (existing === undefined) fields[name] = name.endsWith('[]') ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else fields[name] = [existing, value];
}

function openPart(headerText: string): OpenPart {
  const headers = new Map<string, string>();
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition');
  if (!disposition || !/^form-data\b/i.test(disposition)) {
    throw new MultipartError('part without Content-Disposition: form-data');
  }
  const params = dispositionParams(disposition);
  const name = params.get('name');
  if (name === undefined) throw new MultipartError('part without a name');
  return {
    name,
    filename: params.get('filename*') ?? params.get('filename'),
    contentType:
      headers.get('content-type') ?? (params.has('filename') ? 'application/octet-stream' : 'text/plain'),
    chunks: [],
    kept: 0,
    size: 0,
  };
}

/** Parameters of a Content-Disposition value: quoted strings with escapes, and RFC 5987 `filename*`. */
function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.matchAll(pattern)) {
    const key = match[1]!.toLowerCase();
    let text = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    if (key.endsWith('*')) {
      const extended = /^([^']*)'[^']*'(.*)$/.exec(text);
      if (extended) text = decodeURIComponent(extended[2] ?? '');
    }
    params.set(key, text);
  }
  return params;
}
