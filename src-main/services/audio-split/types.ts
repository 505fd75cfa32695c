// What the splitter promises its caller (the transcript job engine): parts under both limits, placed on the
// original file's timeline exactly, so stitched segment times can be offset by each part's start.

export interface SplitLimits {
  /** Upload limit in bytes; each part file (container header included) stays strictly under it. */
  maxBytes: number;
  /** Longest part in seconds; each part stays strictly under it. */
  maxSeconds: number;
}

export interface AudioPart {
  /** 0-based. */
  index: number;
  /** Where the part's first sample/packet lies in the original, in seconds (sample-exact for PCM). */
  startSec: number;
  /** Where the part ends in the original (= the next part's startSec; the duration for the last part). */
  endSec: number;
  /** The part's file, in outDir, named part-001.<ext> … */
  path: string;
  /** Basename with the extension upstream expects for its container. */
  filename: string;
  /** Bytes on disk. */
  size: number;
}

export interface SplitResult {
  durationSec: number;
  parts: AudioPart[];
  /** 'copy': packets/samples copied; 'reencode': decoded and encoded again (only where it must). */
  method: 'copy' | 'reencode';
  /** Whether cuts were placed by listening for quiet (false when the codec cannot be decoded here). */
  quietSearch: boolean;
}

export interface SplitOptions {
  limits: SplitLimits;
  outDir: string;
  signal?: AbortSignal;
  onProgress?: (doneSec: number, totalSec: number) => void;
}

export interface AudioProbe {
  durationSec: number;
  /** mediabunny's name for the container, e.g. "WAVE", "MP3", "Ogg", "WebM", "MP4", "FLAC", "ADTS". */
  container: string;
  codec: string;
}
