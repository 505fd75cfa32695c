// A long saved transcript for the list's tests and its bench: a 3-hour lecture of 6,000 timed segments
// (with their words, and a change of speaker now and then), written straight into a running app's history
// with the history's own code, next to a quiet WAV of the same length to play along. Going through the
// gateway would cut a 3-hour file into parts first, which is not what these tests are about.
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { wavHeader } from '../../bench/support/long-recording.ts';
import { recordingsFolder } from '../../src-main/services/audio-files.ts';
import { createTranscriptHistory, TRANSCRIPTS_FOLDER } from '../../src-main/services/transcript-history.ts';
import type { Transcript, TranscriptSegment, TranscriptWord } from '../../src-preload/contract.ts';
import type { RunningApp } from '../e2e/app-launch.ts';

export interface LongLecture {
  segments: TranscriptSegment[];
  words: TranscriptWord[];
  /** Seconds: the end of the last segment plus a little silence. */
  duration: number;
}

/** Segment `i` (from 0) as the lecture says it: distinct enough to find any one of them by its text. */
export function lectureLine(i: number): string {
  return `Point ${i + 1}: ${i % 7 === 0 ? 'a longer aside about sampling, windows, aliasing and why patience pays off when a recording runs for hours' : 'the lecture goes on about waveforms and timing'}.`;
}

/** Seconds between the lecture's segment starts: 6,000 of them make 3 hours. */
export const LECTURE_STEP = 1.8;

/** `count` segments, one every `step` seconds; a new speaker every 25 segments. */
export function longLecture(count = 6_000, step = LECTURE_STEP): LongLecture {
  const segments: TranscriptSegment[] = [];
  const words: TranscriptWord[] = [];
  for (let i = 0; i < count; i++) {
    const start = Number((i * step).toFixed(2));
    const end = Number(((i + 1) * step - 0.1).toFixed(2));
    const text = ` ${lectureLine(i)}`;
    segments.push({ id: i, start, end, text, speaker: Math.floor(i / 25) % 2 === 0 ? 'A' : 'B' });
    const spoken = text.trim().split(/\s+/);
    const each = (end - start) / spoken.length;
    spoken.forEach((word, w) => {
      words.push({
        word,
        start: Number((start + w * each).toFixed(2)),
        end: Number((start + (w + 1) * each).toFixed(2)),
      });
    });
  }
  return { segments, words, duration: count * step + 2 };
}

/**
 * A quiet 8-bit mono WAV of `seconds` at 4 kHz (a 3-hour file is about 43 MB), written in slices so it
 * never sits whole in memory.
 */
export async function quietLongWav(path: string, seconds: number): Promise<void> {
  const sampleRate = 4_000;
  const samples = Math.round(seconds * sampleRate);
  const header = wavHeader(samples, sampleRate, 1, 1);
  const file = await open(path, 'w');
  try {
    await file.write(header);
    // 8-bit PCM is unsigned: 128 is silence.
    const slice = Buffer.alloc(1 << 20, 128);
    for (let written = 0; written < samples; written += slice.length) {
      await file.write(slice, 0, Math.min(slice.length, samples - written));
    }
  } finally {
    await file.close();
  }
}

/** Saves `lecture` in the history of the app whose data folder is `dataDir`, playing `audioPath`. */
export async function saveLongTranscript(options: {
  dataDir: string;
  audioPath: string;
  name: string;
  lecture: LongLecture;
}): Promise<string> {
  const { dataDir, audioPath, name, lecture } = options;
  const history = createTranscriptHistory({
    directory: join(dataDir, TRANSCRIPTS_FOLDER),
    recordingsDir: recordingsFolder(dataDir),
  });
  const transcript: Transcript = {
    text: lecture.segments.map((segment) => segment.text.trim()).join(' '),
    segments: lecture.segments,
    words: lecture.words,
    language: 'english',
    duration: lecture.duration,
    raw: '{}',
    format: 'verbose_json',
  };
  const saved = await history.save({
    name,
    mode: 'transcribe',
    options: {
      model: 'whisper-1',
      responseFormat: 'verbose_json',
      timestampGranularities: ['segment', 'word'],
    },
    transcript,
    audioPath,
    kind: 'file',
    durationSec: lecture.duration,
  });
  return saved.id;
}

/** Flat peaks for the waveform, so opening the transcript does not decode three hours of audio. */
export function flatPeaks(duration: number): { duration: number; data: number[] } {
  return { duration, data: Array.from({ length: 4_000 }, (_, i) => 0.2 + 0.1 * Math.sin(i / 40)) };
}

/**
 * A 3-hour lecture, 6,000 segments with words, saved in the history of `app` next to its quiet audio
 * (written into `folder`), with the waveform's peaks kept as an earlier visit would have kept them: three
 * hours of audio are not decoded, which is not the list's cost.
 */
export async function saveThreeHourLecture(
  app: Pick<RunningApp, 'dataDir' | 'ok'>,
  folder: string,
): Promise<{ lecture: LongLecture; id: string }> {
  const lecture = longLecture();
  const audioPath = join(folder, 'three-hour-lecture.wav');
  await quietLongWav(audioPath, lecture.duration);
  const id = await saveLongTranscript({
    dataDir: app.dataDir,
    audioPath,
    name: 'three-hour-lecture.wav',
    lecture,
  });
  // Describing the entry hands its audio to the window, which may then save the peaks.
  await app.ok('transcripts.get', { id });
  await app.ok('audio.savePeaks', { path: audioPath, peaks: flatPeaks(lecture.duration) });
  return { lecture, id };
}
