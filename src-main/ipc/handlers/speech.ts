// The Speak panel's calls: a text spoken in parts as one job, a partial clip continued, and the clips' history.
import { createSpeechStudio, type SpeechOutcome } from '../../services/speech-studio.ts';
import type { speechSchemas } from '../schemas/speech.ts';
import type { StreamContext } from '../stream-manager.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type SpeechMethods = keyof typeof speechSchemas;

export function createSpeechHandlers({
  gateway,
  streams,
  dataDir,
  dialogs,
  background,
}: HandlerServices): HandlerGroup<SpeechMethods> {
  const studio = createSpeechStudio({ dataDir, dialogs });
  // The history's index is read as the app starts, in the background: the first list finds it in memory.
  studio.warmIndex();
  background.add(() => studio.indexSettled());

  /**
   * The clip main kept goes out as the result, whole or partial; a partial one is followed by what
   * stopped it, so the stream still ends as that failure (or as stopped).
   */
  async function report(outcome: Promise<SpeechOutcome>, { emit }: StreamContext): Promise<void> {
    const { entry, failure } = await outcome;
    emit({ type: 'result', data: entry });
    if (failure) throw failure;
    emit({ type: 'done', status: 'completed' });
  }

  const progress =
    ({ emit }: StreamContext) =>
    (step: number, steps: number) =>
      emit({ type: 'progress', step, steps });

  return {
    'speech.generate': (request, { ownerId }) => {
      // Resolved before the stream starts: no profile or no key is an answer, not a stream that fails.
      const { client } = gateway();
      const streamId = streams.start(ownerId, (context) =>
        report(
          studio.generate(client, request, { signal: context.signal, onProgress: progress(context) }),
          context,
        ),
      );
      return { streamId };
    },
    'speech.continue': async ({ id }, { ownerId }) => {
      const { client } = gateway();
      // A clip that is whole, gone or already being continued is an answer, not a stream that fails.
      await studio.checkContinuable(id);
      const streamId = streams.start(ownerId, (context) =>
        report(
          studio.continue(client, id, { signal: context.signal, onProgress: progress(context) }),
          context,
        ),
      );
      return { streamId };
    },
    'speech.list': (request) => studio.list(request ?? {}),
    'speech.get': ({ id }) => studio.get(id),
    'speech.delete': async ({ id }) => ({ deleted: await studio.remove(id) }),
    'speech.save': ({ id }) => studio.saveCopy(id),
  };
}
