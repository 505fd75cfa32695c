// The Speak panel's calls: a text spoken in parts as one job, and the clips' history.
import { createSpeechStudio } from '../../services/speech-studio.ts';
import type { speechSchemas } from '../schemas/speech.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type SpeechMethods = keyof typeof speechSchemas;

export function createSpeechHandlers({
  gateway,
  streams,
  dataDir,
  dialogs,
}: HandlerServices): HandlerGroup<SpeechMethods> {
  const studio = createSpeechStudio({ dataDir, dialogs });
  return {
    'speech.generate': (request, { ownerId }) => {
      // Resolved before the stream starts: no profile or no key is an answer, not a stream that fails.
      const { client } = gateway();
      const streamId = streams.start(ownerId, async ({ signal, emit }) => {
        const entry = await studio.generate(client, request, {
          signal,
          onProgress: (step, steps) => emit({ type: 'progress', step, steps }),
        });
        emit({ type: 'result', data: entry });
        emit({ type: 'done', status: 'completed' });
      });
      return { streamId };
    },
    'speech.list': () => studio.list(),
    'speech.get': ({ id }) => studio.get(id),
    'speech.delete': async ({ id }) => ({ deleted: await studio.remove(id) }),
    'speech.save': ({ id }) => studio.saveCopy(id),
  };
}
