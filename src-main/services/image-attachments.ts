// Images the user adds to a Playground turn (issue 15, item 4). Each is copied once into
// `<dataDir>/attachments/<id>.<ext>` when it is picked, dropped or pasted; the conversation names it by id
// only, and main reads it as base64 when a request goes out (`resolveImageRefs`). So the renderer never
// holds a path, and a saved conversation still sends its images after the original file moved or went.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, readFile, realpath, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import {
  ATTACHMENT_REF_PREFIX,
  type ImageAttachment,
  type ImageMimeType,
  MAX_IMAGE_BYTES,
} from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { t } from '../i18n/index.ts';
import { writeFileAtomic } from './atomic-file.ts';
import { isMissing } from './file-missing.ts';

export const ATTACHMENTS_FOLDER = 'attachments';

/** An attachment's id is its file name (without extension): nothing in it can name another path. */
export const ATTACHMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The extension each type is stored under; it is chosen from the file's bytes, never from its name. */
const EXTENSION_OF: Record<ImageMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const STORED_TYPES = Object.entries(EXTENSION_OF) as Array<[ImageMimeType, string]>;

/**
 * Names a dropped or picked file must have before it is opened at all. A handed path may lead anywhere
 * (`photo.png` → `~/.ssh/id_rsa`, a FIFO that blocks a read): as for audio (audio-files.ts), the real
 * file's name is checked first, so nothing that does not even claim to be an image is ever read. Its
 * bytes then decide the type (a `.png` holding a JPEG is sent as a JPEG; a `.png` holding text is refused).
 */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'jpe', 'jfif', 'webp', 'gif'] as const;
const IMAGE_NAME = new RegExp(`\\.(?:${IMAGE_EXTENSIONS.join('|')})$`, 'i');

/** The type the bytes say, from their signature, or `null` for anything else. */
export function imageTypeOf(bytes: Uint8Array): ImageMimeType | null {
  const starts = (offset: number, ...expected: number[]) =>
    bytes.length >= offset + expected.length && expected.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0, ...ascii('GIF87a')) || starts(0, ...ascii('GIF89a'))) return 'image/gif';
  if (starts(0, ...ascii('RIFF')) && starts(8, ...ascii('WEBP'))) return 'image/webp';
  return null;
}

export const notAnImage = (name: string): string => t('errors.images.notAnImage', { name });

const megabytes = (bytes: number) => bytes / (1024 * 1024);

export function imageTooLarge(name: string, bytes: number): string {
  const limit = megabytes(MAX_IMAGE_BYTES);
  const shown = megabytes(bytes).toFixed(1);
  // Just past the limit rounds to it ("15.0 MB"), which would read as allowed.
  return Number(shown) > limit
    ? t('errors.images.tooLarge', { name, size: shown, limit })
    : t('errors.images.overLimit', { name, limit });
}

const unreadable = (name: string): string => t('errors.images.unreadable', { name });

/** What adding one file gave: the image kept, or why it was refused (for the user, naming the file). */
export type ImageAdded =
  | { ok: true; image: ImageAttachment }
  | { ok: false; refused: { name: string; message: string } };

export interface StoredImage {
  path: string;
  mimeType: ImageMimeType;
}

export interface ImageAttachments {
  /** Copies the file at `path` (one the window was handed: the caller checks). */
  addFile(path: string): Promise<ImageAdded>;
  /** Keeps pasted bytes under `name` (the name is for the user only). */
  addBytes(name: string, bytes: Uint8Array): Promise<ImageAdded>;
  /** The stored image with this id, or `null` (no such id, or not a well-formed one). */
  find(id: string): Promise<StoredImage | null>;
  /**
   * The request with every attachment reference where a format takes an image replaced, in place, by
   * the image itself: a `data:` URL (`input_image.image_url`, `image_url.url`), or bare base64 under
   * `inlineData.data`. An id with no image on disk fails with `invalid_input`.
   */
  resolveImageRefs<T>(value: T): Promise<T>;
}

export function attachmentsFolder(dataDir: string): string {
  return join(dataDir, ATTACHMENTS_FOLDER);
}

const refuse = (name: string, message: string): ImageAdded => ({ ok: false, refused: { name, message } });

/**
 * Reads a regular file of at most `MAX_IMAGE_BYTES`, or says why not. Opened without blocking and checked
 * on the open handle, so a FIFO or device put in the file's place after the name check is never read.
 */
async function readImageFile(path: string, name: string): Promise<Uint8Array | ImageAdded> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return refuse(name, unreadable(name));
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size === 0) return refuse(name, notAnImage(name));
    // Refused before reading: a 2 GB file is not read to learn that it is too large.
    if (info.size > MAX_IMAGE_BYTES) return refuse(name, imageTooLarge(name, info.size));
    return new Uint8Array(await handle.readFile());
  } catch {
    return refuse(name, unreadable(name));
  } finally {
    await handle.close();
  }
}

export function createImageAttachments(dataDir: string): ImageAttachments {
  const folder = attachmentsFolder(dataDir);

  const keep = async (name: string, bytes: Uint8Array): Promise<ImageAdded> => {
    if (bytes.byteLength > MAX_IMAGE_BYTES) return refuse(name, imageTooLarge(name, bytes.byteLength));
    const mimeType = imageTypeOf(bytes);
    if (!mimeType) return refuse(name, notAnImage(name));
    // 128 random bits: ids are never reused, so a saved conversation can only ever mean its own image.
    const id = randomBytes(16).toString('hex');
    try {
      await writeFileAtomic(join(folder, `${id}.${EXTENSION_OF[mimeType]}`), bytes);
    } catch (error) {
      throw new AppFailure('file_error', t('errors.images.notKept', { name }), {
        hint: t('errors.images.notKeptHint'),
        cause: error,
      });
    }
    return { ok: true, image: { id, name, mimeType, bytes: bytes.byteLength } };
  };

  const find = async (id: string): Promise<StoredImage | null> => {
    if (!ATTACHMENT_ID_PATTERN.test(id)) return null;
    for (const [mimeType, extension] of STORED_TYPES) {
      const path = join(folder, `${id}.${extension}`);
      try {
        if ((await stat(path)).isFile()) return { path, mimeType };
      } catch (error) {
        if (!isMissing(error)) return null;
      }
    }
    return null;
  };

  /** The image behind a reference as base64, read once per request however often it is named. */
  const loader = () => {
    const loaded = new Map<string, Promise<{ mimeType: ImageMimeType; base64: string }>>();
    return (ref: string) => {
      const id = ref.slice(ATTACHMENT_REF_PREFIX.length);
      let image = loaded.get(id);
      if (!image) {
        image = (async () => {
          const stored = await find(id);
          const bytes = stored ? await readFile(stored.path).catch(() => null) : null;
          if (!stored || !bytes) throw noLongerOnDisk(id);
          return { mimeType: stored.mimeType, base64: bytes.toString('base64') };
        })();
        loaded.set(id, image);
      }
      return image;
    };
  };

  return {
    async addFile(path) {
      const name = basename(path);
      let real: string;
      try {
        real = await realpath(path);
      } catch {
        return refuse(name, unreadable(name));
      }
      if (!IMAGE_NAME.test(extname(real))) return refuse(name, notAnImage(name));
      const read = await readImageFile(real, name);
      return read instanceof Uint8Array ? keep(name, read) : read;
    },
    addBytes: (name, bytes) => keep(name, bytes),
    find,
    async resolveImageRefs(value) {
      // A request without images (the usual case) is passed on as it is, with no copy made.
      const places = referencesIn(value);
      if (places.length === 0) return value;
      const load = loader();
      const images = await Promise.all(places.map((place) => load(place.ref)));
      // The request is this call's own (it arrived through IPC, structured-cloned): filled in place.
      places.forEach(({ holder, key, shape }, index) => {
        const { mimeType, base64 } = images[index]!;
        const data = shape === 'base64' ? base64 : `data:${mimeType};base64,${base64}`;
        (holder as Record<string, unknown>)[key] = data;
      });
      return value;
    },
  };
}

function noLongerOnDisk(id: string): AppFailure {
  return new AppFailure('invalid_input', t('errors.images.gone', { id }));
}

/** How a string at this place carries an image, or `null` where it is anything else (the user's text). */
function imagePlace(key: string, parentKey: string | null): 'url' | 'base64' | null {
  // Responses `{type: "input_image", image_url: ref}`; Chat Completions `{image_url: {url: ref}}`.
  if (key === 'image_url' || (parentKey === 'image_url' && key === 'url')) return 'url';
  // Content generation `{inlineData: {mimeType, data: ref}}` (`inline_data` in the REST docs' snake case).
  if ((parentKey === 'inlineData' || parentKey === 'inline_data') && key === 'data') return 'base64';
  return null;
}

/** One place in a request where a format takes an image and the renderer put a reference. */
interface RefPlace {
  holder: Record<string, unknown> | unknown[];
  key: string;
  ref: string;
  shape: 'url' | 'base64';
}

/**
 * Every reference in a request, found without recursion: a request's items are checked only loosely
 * (the gateway is their authority), so a broken or hostile renderer may nest them thousands deep, and
 * a recursive walk would overflow the stack. Only strings where a format takes an image are references:
 * a message whose text happens to read `attachment:…` is the user's text and goes out as typed.
 */
function referencesIn(root: unknown): RefPlace[] {
  const found: RefPlace[] = [];
  const pending: Array<{ node: unknown; key: string | null }> = [{ node: root, key: null }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, key: nodeKey } = next;
    if (node === null || typeof node !== 'object') continue;
    // `Object.entries` lists an array's items by index too (skipping holes, as a sparse array has).
    for (const [key, item] of Object.entries(node)) {
      if (typeof item === 'string') {
        const shape = Array.isArray(node) ? null : imagePlace(key, nodeKey);
        if (shape && item.startsWith(ATTACHMENT_REF_PREFIX))
          found.push({ holder: node as RefPlace['holder'], key, ref: item, shape });
      } else if (item !== null && typeof item === 'object') {
        // An object keeps the key it sits under (`image_url: {url}`); an array's items sit under none.
        pending.push({ node: item, key: Array.isArray(node) ? null : key });
      }
    }
  }
  return found;
}

/**
 * Image bytes in a request body, for the inspector's copy of it: `data:` URLs (Responses, Chat
 * Completions) and `inlineData.data` (content generation) that carry more than a thumbnail's worth.
 * Shorter runs are left alone: a little base64 the user typed reads as typed.
 */
const DATA_URL_BYTES = /data:(image\/[A-Za-z0-9.+-]+);base64,([A-Za-z0-9+/]{256,}={0,2})/g;
const INLINE_DATA_BYTES = /("data"\s*:\s*")([A-Za-z0-9+/_-]{1024,}={0,2})(")/g;

/** How many bytes a base64 text stands for, for a person: "2.1 MB". */
function decodedSize(base64: string): string {
  const bytes = Math.floor((base64.length * 3) / 4);
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * A request body as the inspector keeps it: each image's bytes replaced by a note of their size. The
 * gateway got the bytes; the renderer, the inspector store and copy-as-curl need not carry megabytes of
 * base64 per image on every turn (they would fill the store's budget in a few turns).
 */
export function withoutImageBytes(body: string): string {
  return body
    .replace(DATA_URL_BYTES, (_, mimeType: string, base64: string) => {
      return `data:${mimeType};base64,<${decodedSize(base64)} image, not kept in the inspector>`;
    })
    .replace(INLINE_DATA_BYTES, (_, open: string, base64: string, close: string) => {
      return `${open}<${decodedSize(base64)} image, not kept in the inspector>${close}`;
    });
}
