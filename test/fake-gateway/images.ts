// Image parts of a prompt, checked as the providers behind a gateway check them, in one place for the three
// formats: a Responses `input_image` and a Chat Completions `image_url` part carry a URL (an https address or a
// `data:image/<type>;base64,<data>` URL); a content-generation `inlineData` part carries `{mimeType, data}` with
// the data in base64. OpenAI's vision guide accepts PNG, JPEG, WEBP and non-animated GIF; Gemini accepts
// those too (and more types the app never sends, such as HEIC, PDF and audio, which the fake refuses).
import type { OpenAIError } from './errors.ts';
import { isRecord } from './state.ts';
import { invalidValue, missingParameter } from './validate.ts';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Protobuf's JSON mapping (Gemini's API) also takes the URL-safe alphabet, with or without padding. */
const ANY_BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Non-empty, only base64 characters, and a length that decodes to whole bytes. */
export function isBase64(text: string, alphabet: 'standard' | 'protobuf' = 'standard'): boolean {
  if (text.length === 0) return false;
  if (alphabet === 'standard') return text.length % 4 === 0 && STANDARD_BASE64.test(text);
  return text.length % 4 !== 1 && ANY_BASE64.test(text);
}

/**
 * An image URL of the OpenAI formats (`param` names where it sits in the request, as OpenAI's errors do).
 * Messages follow OpenAI's own ("Invalid image URL … Expected a base64-encoded data URL with an image MIME
 * type …", "You uploaded an unsupported image …").
 */
export function checkImageUrl(url: unknown, param: string): OpenAIError | null {
  if (url === undefined) return missingParameter(param);
  if (typeof url !== 'string') {
    return invalidValue(param, `Invalid type for '${param}': expected a string.`, 'invalid_type');
  }
  if (url.startsWith('https://')) {
    try {
      new URL(url);
      return null;
    } catch {
      return invalidValue(param, `Invalid image URL: '${param}'. The URL could not be parsed.`);
    }
  }
  const data = /^data:([^;,]*);base64,(.*)$/s.exec(url);
  if (!data) {
    return invalidValue(
      param,
      `Invalid image URL: '${param}'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), or an https URL.`,
    );
  }
  const [, mimeType = '', payload = ''] = data;
  if (!(IMAGE_TYPES as readonly string[]).includes(mimeType.toLowerCase())) {
    return invalidValue(
      param,
      `Invalid image URL: '${param}'. Expected a base64-encoded data URL with an image MIME type, but got unsupported MIME type '${mimeType}'.`,
    );
  }
  if (!isBase64(payload)) {
    return invalidValue(
      param,
      "You uploaded an unsupported image. Please make sure your image is valid base64 of one of the following formats: ['png', 'jpeg', 'gif', 'webp'].",
      'invalid_image_format',
    );
  }
  return null;
}

/** A content-generation `inlineData` (or proto-style `inline_data`) part; messages as Google words them. */
export function checkInlineData(value: unknown, param: string): OpenAIError | null {
  if (!isRecord(value)) {
    return invalidValue(param, `Invalid value at '${param}': expected an object {mimeType, data}.`);
  }
  const mimeType = value.mimeType ?? value.mime_type;
  if (typeof mimeType !== 'string' || mimeType === '') {
    return invalidValue(`${param}.mime_type`, `* ${param}.mime_type: a mime type is required.`);
  }
  if (!(IMAGE_TYPES as readonly string[]).includes(mimeType.toLowerCase())) {
    return invalidValue(`${param}.mime_type`, `Unsupported MIME type: ${mimeType}`);
  }
  if (typeof value.data !== 'string' || !isBase64(value.data, 'protobuf')) {
    return invalidValue(
      `${param}.data`,
      `Invalid value at '${param}.data' (TYPE_BYTES), Base64 decoding failed.`,
    );
  }
  return null;
}
