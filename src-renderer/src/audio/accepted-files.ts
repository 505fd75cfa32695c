// Which files the Transcribe panel takes, decided by name before anything is read or sent: the same list
// main and the file dialog use (the contract's ACCEPTED_AUDIO_EXTENSIONS).
import { ACCEPTED_AUDIO_EXTENSIONS } from '../../../src-preload/contract.ts';
import { transcribeWords } from '../panels/transcribe/strings.ts';

const ACCEPTED: ReadonlySet<string> = new Set(ACCEPTED_AUDIO_EXTENSIONS);

/** The formats as a person reads them: the gateway's own names first (`flac, mp3, … webm`). */
export const ACCEPTED_FORMATS_TEXT = ACCEPTED_AUDIO_EXTENSIONS.slice(0, 9).join(', ');

/** For `<input type=file accept>`: every accepted extension. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_AUDIO_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAcceptedAudioName(name: string): boolean {
  return ACCEPTED.has(extensionOf(name));
}

export interface RefusedFile {
  name: string;
  reason: string;
}

/** Why a file is refused up front, in words that say what would be accepted. */
export function refusalFor(name: string): RefusedFile {
  const extension = extensionOf(name);
  return {
    name,
    reason: extension
      ? transcribeWords.t('refusal.extension', { extension })
      : transcribeWords.t('refusal.noExtension'),
  };
}

/** Splits dropped files into those to send and those refused (with why), keeping their order. */
export function partitionByName<T extends { name: string }>(
  files: readonly T[],
): {
  accepted: T[];
  refused: RefusedFile[];
} {
  const accepted: T[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    if (isAcceptedAudioName(file.name)) accepted.push(file);
    else refused.push(refusalFor(file.name));
  }
  return { accepted, refused };
}
