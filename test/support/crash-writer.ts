// The child of the crash test (test/unit/services/crash-durability.test.ts): opens the real stores on the
// data folder it is given and writes to them until it is killed. Each write is announced on stdout before
// it starts (`begin`) and again once the store's promise has resolved (`commit`): the parent, which kills
// this process at a random moment, may then demand every committed write back, and knows which single write
// per stream may have been cut short (its old or its new content is then acceptable, nothing else).
//
// One line per event, JSON. stdout is a pipe: a line written before a SIGKILL reaches the parent as long as
// it left this process, which `process.stdout.write` on a pipe does synchronously on Linux and macOS.
import { join } from 'node:path';
import { CONVERSATIONS_FOLDER, createConversationStore } from '../../src-main/services/conversation-store.ts';
import { createPrefsService } from '../../src-main/services/prefs.ts';
import { createSpeechStudio } from '../../src-main/services/speech-studio.ts';
import { createTranscriptHistory, type NewTranscript } from '../../src-main/services/transcript-history.ts';
import type { Conversation, Transcript } from '../../src-preload/contract.ts';
import { conversation, userMessage } from './conversation-fixtures.ts';
import { silentSpeechClient } from './saved-at-scale.ts';
import { seededRandom } from './seeded-random.ts';

// stdout is the parent's: what the stores log (a speech job kept at start, say) goes to stderr.
console.log = console.error;
console.info = console.error;

const [dataDirArg, runText, seedText] = process.argv.slice(2);
if (!dataDirArg || !runText || !seedText) throw new Error('usage: crash-writer <dataDir> <run> <seed>');
const dataDir: string = dataDirArg;
const run = Number(runText);

const random = seededRandom(Number(seedText) ^ Math.imul(run + 1, 0x9e3779b1));

const send = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const conversations = createConversationStore({ directory: join(dataDir, CONVERSATIONS_FOLDER) });
const transcripts = createTranscriptHistory({
  directory: join(dataDir, 'history', 'transcripts'),
  recordingsDir: join(dataDir, 'media', 'recordings'),
});
const prefs = createPrefsService({ dataDir });
const speech = createSpeechStudio({ dataDir, dialogs: { save: async () => null } });

/** Text of a varying length (up to ~12 KB), so some writes take several system calls. */
const text = (label: string) => `${label} ${'lorem ipsum '.repeat(Math.floor(random() * 1000))}`.trim();

/**
 * Conversations: mostly a new one, sometimes one of this run's again with one more turn (a re-save
 * replaces a committed file, the case where a torn write would lose data that was already safe).
 */
async function conversationLoop(): Promise<void> {
  const mine: Conversation[] = [];
  for (let step = 0; ; step++) {
    const again = mine.length > 0 && random() < 0.4;
    const base: Conversation = again
      ? mine[Math.floor(random() * mine.length)]!
      : conversation({ id: `crash-${run}-${step}`, createdAt: new Date().toISOString() });
    const turn = base.messages.length;
    const next: Conversation = {
      ...base,
      messages: [
        ...base.messages,
        userMessage(text(`run ${run} step ${step} turn ${turn}`), {
          id: `u-${run}-${step}`,
          createdAt: new Date().toISOString(),
        }),
      ],
    };
    send({ kind: 'begin', store: 'conversation', id: next.id, turns: next.messages.length });
    const summary = await conversations.save(next);
    const saved = { ...next, updatedAt: summary.updatedAt };
    if (again) mine[mine.indexOf(base)] = saved;
    else mine.push(saved);
    send({ kind: 'commit', store: 'conversation', id: saved.id, conversation: saved });
  }
}

async function transcriptLoop(): Promise<void> {
  for (let step = 0; ; step++) {
    const said = text(`run ${run} transcript ${step}`);
    const transcript: Transcript = {
      text: said,
      segments: [{ id: 0, start: 0, end: 1.5, text: said }],
      words: [],
      language: 'en',
      duration: 1.5,
      raw: JSON.stringify({ text: said }),
      format: 'verbose_json',
    };
    const entry: NewTranscript = {
      name: `run-${run}-${step}.wav`,
      mode: 'transcribe',
      options: { model: 'whisper-1', responseFormat: 'verbose_json' },
      transcript,
      // Outside the recordings folder: the user's own file, which the history never deletes.
      audioPath: join(dataDir, 'elsewhere', `run-${run}-${step}.wav`),
      kind: 'file',
      durationSec: 1.5,
    };
    // The id is chosen inside `save`: a write cut short is told apart by its name instead.
    send({ kind: 'begin', store: 'transcript', name: entry.name });
    const summary = await transcripts.save(entry);
    send({ kind: 'commit', store: 'transcript', id: summary.id, summary, entry });
  }
}

/** Prefs: one file rewritten over and over; its value counts up across runs. */
async function prefsLoop(): Promise<void> {
  for (let step = 0; ; step++) {
    const model = `model-${run}-${step}`;
    send({ kind: 'begin', store: 'prefs', model });
    await prefs.update({ playground: { responsesModel: model } });
    send({ kind: 'commit', store: 'prefs', model });
  }
}

/** Speech clips: each a short text made into a clip (audio, history entry and index line). */
async function speechLoop(): Promise<void> {
  const client = silentSpeechClient();
  const job = { signal: new AbortController().signal, onProgress: () => {} };
  for (let step = 0; ; step++) {
    const said = `run ${run} clip ${step} ${text('speech')}`.slice(0, 3000);
    send({ kind: 'begin', store: 'speech', text: said });
    const { entry } = await speech.generate(
      client,
      { text: said, model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'wav', speed: 1 },
      job,
    );
    send({ kind: 'commit', store: 'speech', id: entry.id, text: said });
  }
}

send({ kind: 'ready' });
// Clips in every other run: the others write as fast as before (the proof needs enough commits).
await Promise.all([
  conversationLoop(),
  transcriptLoop(),
  prefsLoop(),
  ...(run % 2 === 1 ? [speechLoop()] : []),
]);
