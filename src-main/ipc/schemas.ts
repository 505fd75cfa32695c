// Input schemas of every IPC method. Arguments arrive as `unknown` from a renderer we do not trust
// blindly; each is parsed here before any service sees it. The mapped type makes the list complete:
// a method in the contract without a schema fails to compile.
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type { MethodInput, MethodName } from '../../src-preload/contract.ts';
import { UPLOAD_EXTENSIONS } from '../gateway/index.ts';

const MAX_TEXT = 1_000_000;
const MAX_RECORDING_BYTES = 512 * 1024 * 1024;

const id = z.string().min(1).max(200);
const shortText = z.string().max(2_000);
const modelName = z.string().trim().min(1, 'Choose a model.').max(300);

const headerRecord = z
  .record(z.string().max(200), z.string().max(8_000))
  .refine((r) => Object.keys(r).length <= 50, {
    message: 'At most 50 extra headers.',
  });

const profileFields = z.object({
  name: z.string().max(200),
  baseUrl: z.string().max(2_000),
  vendorKeyHeader: z.string().max(200).optional(),
  extraHeaders: headerRecord.optional(),
  uploadLimitMb: z.number().finite().optional(),
});

const apiKey = z.string().max(8_192);

const audioSource = z.union([
  z.object({
    path: z
      .string()
      .max(4_096)
      .refine(isAbsolute, 'The file path must be absolute.')
      // A renderer may only hand main audio files: main never uploads arbitrary files on its say-so.
      .refine(
        (p) => UPLOAD_EXTENSIONS.some((ext) => p.toLowerCase().endsWith(`.${ext}`)),
        `Only audio files can be sent (${UPLOAD_EXTENSIONS.join(', ')}).`,
      ),
  }),
  z.object({
    name: z.string().min(1).max(500),
    type: z.string().max(200),
    bytes: z
      .instanceof(Uint8Array)
      .refine((b) => b.byteLength <= MAX_RECORDING_BYTES, 'The recording is too large.'),
  }),
]);

const transcriptionOptions = z.object({
  model: modelName,
  language: z.string().max(20).optional(),
  prompt: z.string().max(10_000).optional(),
  responseFormat: z.enum(['json', 'text', 'srt', 'vtt', 'verbose_json', 'diarized_json']).optional(),
  temperature: z.number().min(0).max(1).optional(),
  timestampGranularities: z
    .array(z.enum(['segment', 'word']))
    .max(2)
    .optional(),
});

const chatSettings = z.object({
  instructions: z.string().max(MAX_TEXT).optional(),
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  maxOutputTokens: z.number().int().positive().max(10_000_000).optional(),
  reasoningEffort: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
  thinkingBudget: z.number().int().min(-1).max(10_000_000).optional(),
  stopSequences: z.array(z.string().max(500)).max(16).optional(),
});

/** Responses input: a string, or items (validated loosely: the gateway is the authority on their shape). */
const responsesInput = z.union([z.string().max(MAX_TEXT * 10), z.array(z.unknown()).max(10_000)]);

const contentPart = z.record(z.string(), z.unknown());

type Schemas = { [M in MethodName]: z.ZodType<MethodInput<M>> };

export const inputSchemas: Schemas = {
  'app.info': z.undefined(),
  'settings.get': z.undefined(),
  'settings.dismissNotice': z.object({ id }),
  'settings.setPlaintextConsent': z.object({ allow: z.boolean() }),
  'profiles.create': profileFields.extend({ apiKey: apiKey.optional() }),
  'profiles.update': z.object({ id, fields: profileFields }),
  'profiles.duplicate': z.object({ id }),
  'profiles.delete': z.object({ id }),
  'profiles.setActive': z.object({ id }),
  'profiles.setKey': z.object({ id, apiKey }),
  'profiles.removeKey': z.object({ id }),
  'gateway.testConnection': z.object({ profileId: id.optional() }),
  'models.list': z.object({ profileId: id.optional(), refresh: z.boolean().optional() }),
  'audio.transcribe': z.object({
    source: audioSource,
    options: transcriptionOptions,
    mode: z.enum(['transcribe', 'translate']),
  }),
  'audio.speak': z.object({
    model: modelName,
    voice: z.string().trim().min(1, 'Choose a voice.').max(200),
    input: z
      .string()
      .min(1, 'Type something to speak.')
      .max(4_096, 'One request takes at most 4,096 characters.'),
    format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']).optional(),
    speed: z.number().min(0.25).max(4).optional(),
    instructions: z.string().max(10_000).optional(),
    keepRawPcm: z.boolean().optional(),
  }),
  'chat.responses': z.object({
    request: z.object({
      model: modelName,
      input: responsesInput,
      settings: chatSettings.optional(),
      previousResponseId: shortText.optional(),
      store: z.boolean().optional(),
    }),
    stream: z.boolean(),
  }),
  'chat.generateContent': z.object({
    request: z.object({
      model: modelName,
      contents: z
        .array(z.object({ role: z.enum(['user', 'model']), parts: z.array(contentPart).max(1_000) }))
        .min(1)
        .max(10_000),
      settings: chatSettings.optional(),
    }),
    stream: z.boolean(),
  }),
  'chat.compact': z.object({
    model: modelName,
    input: responsesInput,
    instructions: z.string().max(MAX_TEXT).optional(),
    previousResponseId: shortText.optional(),
  }),
  'stream.stop': z.object({ streamId: id }),
  'shell.openExternal': z.object({
    url: z
      .string()
      .max(8_000)
      .refine((u) => URL.canParse(u) && new URL(u).protocol === 'https:', 'Only https links can be opened.'),
  }),
};

/** A zod error as one readable sentence for the user (and the developer). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
