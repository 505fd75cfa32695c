// How long a file plays, when main could not tell (it reads WAV headers only): the browser reads the
// container's metadata without fetching the whole file.

const PROBE_TIMEOUT_MS = 10_000;

/** Seconds of audio at `url`, or `null` when the container does not say (a streamed webm) or it fails. */
export function probeDuration(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const audio = new Audio();
    audio.preload = 'metadata';
    const finish = (seconds: number | null) => {
      window.clearTimeout(timer);
      audio.onloadedmetadata = null;
      audio.onerror = null;
      audio.removeAttribute('src');
      audio.load();
      resolve(seconds);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    audio.onloadedmetadata = () =>
      finish(Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null);
    audio.onerror = () => finish(null);
    audio.src = url;
  });
}
