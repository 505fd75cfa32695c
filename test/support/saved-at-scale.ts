// Saved conversations at scale (issue 19), planted through the store's own save function: ~20 turns each
// of realistic text (English, some accented words and some Chinese), newest first by a clock that steps
// back a few minutes per conversation. Used by the bench section "saved-at-scale" and its e2e spec.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONVERSATIONS_FOLDER, createConversationStore } from '../../src-main/services/conversation-store.ts';
import type { Conversation, ConversationMessage } from '../../src-preload/contract.ts';
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

/** Bumped when the planted conversations change: a cached folder of another version is planted again. */
const PLANTED_VERSION = 1;

/**
 * A data folder holding `count` planted conversations (and their index), planted once and kept in the
 * system's temp folder for later runs (planting 5,000 takes ~15 s; copying them, ~2 s).
 */
export async function plantedDataFolder(count: number): Promise<string> {
  const folder = join(tmpdir(), `gs-saved-at-scale-v${PLANTED_VERSION}-${count}`);
  const done = join(folder, 'planted');
  if (existsSync(done)) return folder;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  await plantConversations(folder, count);
  writeFileSync(done, `${count}\n`);
  return folder;
}

/** Copies a planted folder's conversations and their index into a data folder (before main starts). */
export function copyPlanted(from: string, dataDir: string): void {
  for (const name of ['conversations', 'indexes']) {
    // With their times: the index knows each file by its size and time.
    cpSync(join(from, name), join(dataDir, name), { recursive: true, preserveTimestamps: true });
  }
}
