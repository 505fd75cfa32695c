// multipart/form-data with every part's size known up front, so the request has a Content-Length and
// upload progress is exact. Files are read chunk by chunk when the socket asks for more, never whole.
import { randomBytes } from 'node:crypto';
import { GatewayError } from './gateway-error.ts';
import { words } from './words.ts';

export interface TextPart {
  name: string;
  value: string;
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  /** Exact byte size; the body's Content-Length depends on it. */
  size: number;
  /** Opens the file's bytes from the start (called again for a retry). */
  open(): AsyncIterable<Uint8Array>;
}

export type MultipartPart = TextPart | FilePart;

export interface MultipartBody {
  contentType: string;
  boundary: string;
  /** Total bytes of the encoded body. */
  length: number;
  /** A fresh stream of the encoded body; `onProgress` sees bytes handed to the connection so far. */
  stream(onProgress?: (sent: number, total: number) => void): ReadableStream<Uint8Array>;
}

const encoder = new TextEncoder();

/** Quotes and line breaks cannot appear raw in a header parameter; browsers percent-encode them the same way. */
function escapeParameter(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function isFilePart(part: MultipartPart): part is FilePart {
  return 'open' in part;
}

type Piece = { bytes: Uint8Array } | { file: FilePart };

export function encodeMultipart(
  parts: MultipartPart[],
  boundary = `----GatewayStudio${randomBytes(12).toString('hex')}`,
): MultipartBody {
  const pieces: Piece[] = [];
  let length = 0;
  let text = '';
  const flushText = (): void => {
    if (text === '') return;
    const bytes = encoder.encode(text);
    pieces.push({ bytes });
    length += bytes.byteLength;
    text = '';
  };

  for (const part of parts) {
    const disposition = `form-data; name="${escapeParameter(part.name)}"`;
    if (isFilePart(part)) {
      text +=
        `--${boundary}\r\nContent-Disposition: ${disposition}; filename="${escapeParameter(part.filename)}"\r\n` +
        `Content-Type: ${part.contentType}\r\n\r\n`;
      flushText();
      pieces.push({ file: part });
      length += part.size;
      text += '\r\n';
    } else {
      text += `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${part.value}\r\n`;
    }
  }
  text += `--${boundary}--\r\n`;
  flushText();

  function stream(onProgress?: (sent: number, total: number) => void): ReadableStream<Uint8Array> {
    async function* bodyChunks(): AsyncGenerator<Uint8Array> {
      for (const piece of pieces) {
        if ('bytes' in piece) {
          yield piece.bytes;
          continue;
        }
        let read = 0;
        for await (const chunk of piece.file.open()) {
          read += chunk.byteLength;
          if (read > piece.file.size) break;
          yield chunk;
        }
        // The Content-Length is already on its way: a file that changed size cannot be sent correctly.
        if (read !== piece.file.size) {
          throw new GatewayError('file_error', words('message.fileChanged', { name: piece.file.filename }), {
            hint: words('hint.fileChanged'),
          });
        }
      }
    }
    const source = bodyChunks();
    let sent = 0;
    return new ReadableStream<Uint8Array>(
      {
        start() {
          onProgress?.(0, length);
        },
        async pull(controller) {
          const { done, value } = await source.next();
          if (done) {
            controller.close();
            return;
          }
          controller.enqueue(value);
          sent += value.byteLength;
          onProgress?.(sent, length);
        },
        async cancel() {
          // Closes the file when the request ends early.
          await source.return(undefined);
        },
      },
      // Pull only when the connection asks, so progress follows the socket and memory stays flat.
      { highWaterMark: 0 },
    );
  }

  return { contentType: `multipart/form-data; boundary=${boundary}`, boundary, length, stream };
}
