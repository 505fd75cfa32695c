import { z } from 'zod';
import {
  MAX_SPEECH_SPEED,
  MAX_SPEECH_TEXT,
  MIN_SPEECH_SPEED,
  speechCharacters,
} from '../../../src-preload/contract.ts';
import { SPEECH_ID_PATTERN } from '../../services/speech-studio.ts';
import { modelName } from './common.ts';
import type { SchemaGroup } from './index.ts';

const speechId = z.string().regex(SPEECH_ID_PATTERN, 'Unknown clip.');

export const speechSchemas = {
  'speech.generate': z.object({
    text: z
      .string()
      // Cheap bound first (UTF-16 units are at least the code points), then the count the user sees.
      .max(MAX_SPEECH_TEXT * 2, `At most ${MAX_SPEECH_TEXT.toLocaleString('en')} characters at once.`)
      .refine((text) => text.trim() !== '', 'Type something to speak.')
      .refine(
        (text) => speechCharacters(text) <= MAX_SPEECH_TEXT,
        `At most ${MAX_SPEECH_TEXT.toLocaleString('en')} characters at once.`,
      ),
    model: modelName,
    voice: z.string().trim().min(1, 'Choose a voice.').max(200),
    format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']),
    speed: z
      .number()
      .min(MIN_SPEECH_SPEED, `The speed is at least ${MIN_SPEECH_SPEED}.`)
      .max(MAX_SPEECH_SPEED, `The speed is at most ${MAX_SPEECH_SPEED}.`),
    instructions: z.string().max(10_000).optional(),
  }),
  'speech.continue': z.object({ id: speechId }),
  'speech.list': z.undefined(),
  'speech.get': z.object({ id: speechId }),
  'speech.delete': z.object({ id: speechId }),
  'speech.save': z.object({ id: speechId }),
} satisfies SchemaGroup;
