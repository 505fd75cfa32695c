import { z } from 'zod';
import {
  MAX_SPEECH_PAGE,
  MAX_SPEECH_SPEED,
  MAX_SPEECH_TEXT,
  MIN_SPEECH_SPEED,
  speechCharacters,
} from '../../../src-preload/contract.ts';
import { interfaceLanguage, t } from '../../i18n/index.ts';
import { SPEECH_ID_PATTERN } from '../../services/speech-studio.ts';
import { modelName } from './common.ts';
import type { SchemaGroup } from './index.ts';

// Messages as functions: read when a request is checked, in the interface's language of that moment.
const speechId = z.string().regex(SPEECH_ID_PATTERN, { error: () => t('errors.input.unknownClip') });
const tooLong = {
  error: () => t('errors.input.speechTooLong', { max: MAX_SPEECH_TEXT.toLocaleString(interfaceLanguage()) }),
};

export const speechSchemas = {
  'speech.generate': z.object({
    text: z
      .string()
      // Cheap bound first (UTF-16 units are at least the code points), then the count the user sees.
      .max(MAX_SPEECH_TEXT * 2, tooLong)
      .refine((text) => text.trim() !== '', { error: () => t('errors.input.speechEmpty') })
      .refine((text) => speechCharacters(text) <= MAX_SPEECH_TEXT, tooLong),
    model: modelName,
    voice: z
      .string()
      .trim()
      .min(1, { error: () => t('errors.input.chooseVoice') })
      .max(200),
    format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']),
    speed: z
      .number()
      .min(MIN_SPEECH_SPEED, { error: () => t('errors.input.speedMin', { min: MIN_SPEECH_SPEED }) })
      .max(MAX_SPEECH_SPEED, { error: () => t('errors.input.speedMax', { max: MAX_SPEECH_SPEED }) }),
    instructions: z.string().max(10_000).optional(),
  }),
  'speech.continue': z.object({ id: speechId }),
  'speech.list': z
    .object({
      query: z.string().max(500).optional(),
      offset: z.number().int().min(0).max(1_000_000).optional(),
      limit: z.number().int().min(1).max(MAX_SPEECH_PAGE).optional(),
    })
    .optional(),
  'speech.get': z.object({ id: speechId }),
  'speech.delete': z.object({ id: speechId }),
  'speech.save': z.object({ id: speechId }),
} satisfies SchemaGroup;
