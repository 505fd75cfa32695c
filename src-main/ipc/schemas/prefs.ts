import { z } from 'zod';
import {
  interfacePrefsFields,
  playgroundPrefsFields,
  speakPrefsFields,
  transcribePrefsFields,
} from '../../services/prefs.ts';
import type { SchemaGroup } from './index.ts';

// Strict: a misspelt field is an error the caller hears about, not a choice silently forgotten.
const prefsPatch = z
  .object({
    interface: z.object(interfacePrefsFields).partial().strict().optional(),
    transcribe: z.object(transcribePrefsFields).partial().strict().optional(),
    speak: z.object(speakPrefsFields).partial().strict().optional(),
    playground: z.object(playgroundPrefsFields).partial().strict().optional(),
  })
  .strict();

export const prefsSchemas = {
  'prefs.get': z.undefined(),
  'prefs.update': prefsPatch,
} satisfies SchemaGroup;
