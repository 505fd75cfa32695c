// The one WAV header writer of the main process: the gateway client wraps raw pcm with it, and the speech
// studio writes the header of parts joined into one file with it.

/**
 * A WAV header (RIFF, the given `fmt ` payload, the data chunk's header) for `dataBytes` of samples. RIFF
 * chunks are padded to an even size; the pad byte counts in the RIFF size, not in the data size.
 */
export function wavHeaderWith(fmt: Uint8Array, dataBytes: number): Uint8Array {
  const fmtPadded = fmt.length + (fmt.length % 2);
  const header = new Uint8Array(12 + 8 + fmtPadded + 8);
  const data = new DataView(header.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) header[offset + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  data.setUint32(4, header.length - 8 + dataBytes + (dataBytes % 2), true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  data.setUint32(16, fmt.length, true);
  header.set(fmt, 20);
  text(20 + fmtPadded, 'data');
  data.setUint32(24 + fmtPadded, dataBytes, true);
  return header;
}

/** The 16-byte `fmt ` payload of plain integer PCM. */
export function pcmFormat(channels: number, sampleRate: number, bitsPerSample: number): Uint8Array {
  const fmt = new Uint8Array(16);
  const data = new DataView(fmt.buffer);
  const blockAlign = (channels * bitsPerSample) / 8;
  data.setUint16(0, 1, true); // PCM
  data.setUint16(2, channels, true);
  data.setUint32(4, sampleRate, true);
  data.setUint32(8, sampleRate * blockAlign, true);
  data.setUint16(12, blockAlign, true);
  data.setUint16(14, bitsPerSample, true);
  return fmt;
}
