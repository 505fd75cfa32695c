// Saved items at scale (issue 19), planted through the stores' own save functions: conversations of ~20
// turns, 5–30-minute transcripts with their segments, and speech clips with their audio, of realistic text
// (English, some accented words and some Chinese), newest first by a clock that steps back a few minutes per
// item. Used by the bench section "saved-at-scale" and its e2e spec.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayClient } from '../../src-main/gateway/types.ts';
import { recordingsFolder } from '../../src-main/services/audio-files.ts';
import { CONVERSATIONS_FOLDER, createConversationStore } from '../../src-main/services/conversation-store.ts';
import { SAVED_INDEX_VERSION } from '../../src-main/services/saved-index/saved-index.ts';
import { createSpeechStudio } from '../../src-main/services/speech-studio.ts';
import {
  createTranscriptHistory,
  type NewTranscript,
  TRANSCRIPTS_FOLDER,
} from '../../src-main/services/transcript-history.ts';
import type {
  Conversation,
  ConversationMessage,
  SpeechClip,
  TranscriptSegment,
} from '../../src-preload/contract.ts';
import { assistantMessage, conversation, userMessage } from './conversation-fixtures.ts';

const WORDS = (
  'the a of to and in is it that for on with as this be are by at from or an was can will you your we our ' +
  'model request response stream token latency gateway server client header format schema prompt reply ' +
  'function deploy cluster region budget invoice report summary meeting travel recipe garden weather ' +
  'python typescript rust database index query cache memory thread process kernel network packet socket ' +
  'history chapter author novel poem music guitar piano concert ticket flight hotel museum bridge river ' +
  'mountain forest ocean planet energy battery solar wind engine design colour layout button window panel'
).split(' ');
/** Accented words: searched typed without their accents. */
export const ACCENTED = ['café', 'naïve', 'résumé', 'Zürich', 'jalapeño', 'crème', 'façade', 'Ångström'];
/** Chinese phrases, written without spaces: searched by a two-character word inside them. */
export const CHINESE = [
  '北京烤鸭很好吃',
  '机器学习模型',
  '今天天气很好',
  '我们明天去上海',
  '这个问题很有意思',
];

/** A deterministic random sequence. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const SYLLABLES =
  'ka to ri mo sen dal pra vik lor est ung bel tra mi no qua fer zan hol dor pin wex sul gar'.split(' ');
/**
 * A vocabulary as wide as a year of real chats: the common words above, then 30,000 made-up words of two
 * to four syllables drawn by Zipf's law (a few often, most rarely), as words of a language are.
 */
const RARE = Array.from({ length: 30_000 }, (_, i) => {
  let word = '';
  for (let n = i + 7, k = 0; k < 2 + (i % 3); k++, n = Math.floor(n / SYLLABLES.length) + k * 5)
    word += SYLLABLES[n % SYLLABLES.length];
  return `${word}${i}`;
});

function sentence(random: () => number, words: number): string {
  const picked: string[] = [];
  for (let i = 0; i < words; i++) {
    const roll = random();
    if (roll < 0.0004) picked.push(ACCENTED[Math.floor(random() * ACCENTED.length)]!);
    else if (roll < 0.0008) picked.push(CHINESE[Math.floor(random() * CHINESE.length)]!);
    else if (roll < 0.35) picked.push(RARE[Math.floor(RARE.length ** random()) - 1]!);
    else picked.push(WORDS[Math.floor(random() * WORDS.length)]!);
  }
  const text = picked.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Conversation `index` of a planted set: 10 prompts and their replies, with its own marker word. */
export function plantedConversation(index: number, createdAt: string): Conversation {
  const random = seeded(index * 7919 + 17);
  const messages: ConversationMessage[] = [];
  for (let turn = 0; turn < 10; turn++) {
    const prompt =
      turn === 0 ? `Question ${index}: ${sentence(random, 12)} marker${index}` : sentence(random, 14);
    messages.push(userMessage(prompt, { id: `p${index}-${turn}`, createdAt }));
    const paragraphs = Array.from({ length: 3 + Math.floor(random() * 3) }, () =>
      Array.from({ length: 3 }, () => sentence(random, 14 + Math.floor(random() * 10))).join(' '),
    );
    messages.push(
      assistantMessage(paragraphs.join('\n\n'), {
        id: `r${index}-${turn}`,
        createdAt,
        responseId: `resp_${index}_${turn}`,
      }),
    );
  }
  return conversation({
    id: `planted-${String(index).padStart(5, '0')}`,
    createdAt,
    updatedAt: createdAt,
    messages,
  });
}

/**
 * Saves `count` conversations into `<dataDir>/conversations` through the store (its index with them), a
 * few at once (the earlier saved, the newer). Resolves once the index is on disk.
 */
export async function plantConversations(dataDir: string, count: number): Promise<void> {
  const newest = Date.parse('2026-06-01T12:00:00.000Z');
  let tick = 0;
  const store = createConversationStore({
    directory: join(dataDir, CONVERSATIONS_FOLDER),
    // Each save is stamped by the clock: a few minutes earlier each time, so the list has an order.
    now: () => new Date(newest - tick++ * 7 * 60_000),
  });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const at = new Date(newest - index * 7 * 60_000).toISOString();
      await store.save(plantedConversation(index, at));
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await store.indexSettled();
}

/**
 * Transcript `index` of a planted set: 5 to 30 minutes of speech in segments of ~6 s (about 15 words
 * each), with its own marker word in its first segment, as the app saves a `verbose_json` answer.
 */
export function plantedTranscript(index: number, audioPath: string): NewTranscript {
  const random = seeded(index * 104_729 + 5);
  const minutes = 5 + Math.floor(random() * 26);
  const segments: TranscriptSegment[] = [];
  for (let at = 0, id = 0; at < minutes * 60; at += 6, id++) {
    const text =
      id === 0 ? `Recording ${index} marker${index}. ${sentence(random, 12)}` : sentence(random, 15);
    segments.push({ id, start: at, end: Math.min(at + 6, minutes * 60), text });
  }
  const text = segments.map((segment) => segment.text).join(' ');
  return {
    name: `Meeting ${index}.m4a`,
    mode: 'transcribe',
    options: { model: 'whisper-1', responseFormat: 'verbose_json', timestampGranularities: ['segment'] },
    transcript: {
      text,
      segments,
      words: [],
      language: 'english',
      duration: minutes * 60,
      // What a `json` answer holds; a `verbose_json` one would carry the segments twice over.
      raw: JSON.stringify({ text }),
      format: 'verbose_json',
    },
    audioPath,
    kind: 'file',
    durationSec: minutes * 60,
  };
}

/** Saves `count` transcripts into `<dataDir>/history/transcripts` through the history (its index with them). */
export async function plantTranscripts(dataDir: string, count: number): Promise<void> {
  const newest = Date.parse('2026-06-01T12:00:00.000Z');
  let tick = 0;
  const history = createTranscriptHistory({
    directory: join(dataDir, TRANSCRIPTS_FOLDER),
    recordingsDir: recordingsFolder(dataDir),
    now: () => new Date(newest - tick++ * 7 * 60_000),
  });
  // One audio file they all name (the user's own, outside the recordings folder): opening one plays it.
  const audioPath = join(dataDir, 'elsewhere', 'meeting.wav');
  mkdirSync(join(dataDir, 'elsewhere'), { recursive: true });
  writeFileSync(audioPath, wav(8_000));
  // One after another: the clock hands out the times in order of the indexes.
  for (let index = 0; index < count; index++) await history.save(plantedTranscript(index, audioPath));
  await history.indexSettled();
}

/** A short, silent 8-bit mono WAV of `samples` samples at 8 kHz. */
function wav(samples: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8_000, 24);
  header.writeUInt32LE(8_000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

/** A gateway client whose speech is a second or two of silence, written where the studio asks. */
export function silentSpeechClient(): GatewayClient {
  let made = 0;
  const speech = async (_options: unknown, call: { directory: string }): Promise<SpeechClip> => {
    const bytes = wav(8_000 + (made % 8) * 1_000);
    const path = join(call.directory, `planted-${made++}.wav`);
    await writeFile(path, bytes);
    return {
      path,
      format: 'wav',
      extension: 'wav',
      bytes: bytes.length,
      contentType: 'audio/wav',
      elapsedMs: 1,
      firstByteMs: 1,
    };
  };
  return { speech } as unknown as GatewayClient;
}

/** The text of planted clip `index`: a paragraph or two, with its own marker word. */
export function plantedClipText(index: number): string {
  const random = seeded(index * 15_485_863 + 11);
  const sentences = 2 + Math.floor(random() * 8);
  return [
    `Clip ${index} marker${index}.`,
    ...Array.from({ length: sentences }, () => sentence(random, 14)),
  ].join(' ');
}

/** Makes `count` clips in `<dataDir>/history/speech` through the studio (audio and index with them). */
export async function plantClips(dataDir: string, count: number): Promise<void> {
  const newest = Date.parse('2026-06-01T12:00:00.000Z');
  let tick = 0;
  const studio = createSpeechStudio({
    dataDir,
    dialogs: { save: async () => null },
    now: () => new Date(newest - tick++ * 7 * 60_000),
  });
  const client = silentSpeechClient();
  const run = { signal: new AbortController().signal, onProgress: () => {} };
  for (let index = 0; index < count; index++) {
    const text = plantedClipText(index);
    await studio.generate(
      client,
      { text, model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'wav', speed: 1 },
      run,
    );
  }
  await studio.indexSettled();
}

/** A store of a data folder, opened as main opens it, seen as a list: pages and searches, and its index settled. */
export interface SavedStoreView {
  list(request: { query?: string; offset?: number; limit?: number }): Promise<{ total: number }>;
  settled(): Promise<void>;
}

/** Opens `store`'s items in `dataDir` as main does (bench: main's memory with them). */
export function openSavedStore(store: PlantedStore, dataDir: string): SavedStoreView {
  if (store === 'conversations') {
    const conversations = createConversationStore({ directory: join(dataDir, CONVERSATIONS_FOLDER) });
    return { list: (request) => conversations.list(request), settled: () => conversations.indexSettled() };
  }
  if (store === 'transcripts') {
    const history = createTranscriptHistory({
      directory: join(dataDir, TRANSCRIPTS_FOLDER),
      recordingsDir: recordingsFolder(dataDir),
    });
    return { list: (request) => history.list(request), settled: () => history.indexSettled() };
  }
  const studio = createSpeechStudio({ dataDir, dialogs: { save: async () => null } });
  return { list: (request) => studio.list(request), settled: () => studio.indexSettled() };
}

/** Bumped when the planted items change: a cached folder of another version is planted again. */
const PLANTED_VERSION = 2;

/** What a planted folder holds. */
export type PlantedStore = 'conversations' | 'transcripts' | 'clips';

/**
 * A data folder holding `count` planted items of `store` (and its index), planted once and kept in the
 * system's temp folder for later runs (planting 5,000 conversations takes ~15 s; copying them, ~2 s).
 */
export async function plantedDataFolder(
  count: number,
  store: PlantedStore = 'conversations',
): Promise<string> {
  // The index's format in the name too: a folder planted with another format's index would be rebuilt.
  const folder = join(
    tmpdir(),
    `gs-saved-at-scale-v${PLANTED_VERSION}-index${SAVED_INDEX_VERSION}-${store}-${count}`,
  );
  const done = join(folder, 'planted');
  if (existsSync(done)) return folder;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  if (store === 'conversations') await plantConversations(folder, count);
  else if (store === 'transcripts') await plantTranscripts(folder, count);
  else await plantClips(folder, count);
  writeFileSync(done, `${count}\n`);
  return folder;
}

/** The folders of a data folder each store keeps its items in (the indexes' beside them). */
const FOLDERS: Record<PlantedStore, string[]> = {
  conversations: ['conversations'],
  transcripts: [TRANSCRIPTS_FOLDER, 'elsewhere'],
  clips: [join('history', 'speech'), join('media', 'speech')],
};

/** Copies a planted folder's items and their index into a data folder (before main starts). */
export function copyPlanted(from: string, dataDir: string, store: PlantedStore = 'conversations'): void {
  for (const name of [...FOLDERS[store], 'indexes']) {
    // With their times: the index knows each file by its size and time.
    cpSync(join(from, name), join(dataDir, name), { recursive: true, preserveTimestamps: true });
  }
}
