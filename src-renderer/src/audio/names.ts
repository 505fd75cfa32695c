// What audio made in the app is called in the queue and the history.
import { CHECK_CLIP_SECONDS } from './clip.ts';

/**
 * `Recording 2025-03-12 14:02:09` (local time). Digits, dashes and colons only, so no locale's dots can be
 * taken for a file extension on the way to the gateway.
 */
export function recordingName(at: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `Recording ${day} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** `speech.mp3` → `speech (first 30 s).wav`: the shorter clip that checks a failed request. */
export function clipName(name: string, seconds = CHECK_CLIP_SECONDS): string {
  const stem = name.replace(/\.[a-z0-9]{2,5}$/i, '') || 'audio';
  return `${stem} (first ${seconds} s).wav`;
}
