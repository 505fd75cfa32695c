import { z } from 'zod';
import { MAX_SCHEMA_CHARS } from '../../../src-preload/contract.ts';
import { chatSettings, conversationId, messageId, profileId } from '../../services/conversation-schema.ts';
import { MAX_TEXT, modelName, shortText } from './common.ts';
import type { SchemaGroup } from './index.ts';

/** Responses input: a string, or items (validated loosely: the gateway is the authority on their shape). */
const responsesInput = z.union([z.string().max(MAX_TEXT * 10), z.array(z.unknown()).max(10_000)]);

const contentPart = z.record(z.string(), z.unknown());

/** A Chat Completions message: its content a string, or parts (`text`, `image_url`) checked by the gateway. */
const chatCompletionsMessage = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([z.string().max(MAX_TEXT * 10), z.array(contentPart).max(1_000)]),
});

/**
 * Where main keeps the reply's inspector record: ids as the conversation store takes them (a conversation
 * id names a folder, so only its pattern passes), never a path or anything the page could aim elsewhere.
 */
const keepDetailAs = z.object({ id: conversationId, messageId });

export const chatSchemas = {
  'chat.responses': z.object({
    request: z.object({
      model: modelName,
      input: responsesInput,
      settings: chatSettings.optional(),
      previousResponseId: shortText.optional(),
      store: z.boolean().optional(),
    }),
    stream: z.boolean(),
    profileId: profileId.optional(),
    keepDetailAs: keepDetailAs.optional(),
  }),
  'chat.completions': z.object({
    request: z.object({
      model: modelName,
      messages: z.array(chatCompletionsMessage).min(1).max(10_000),
      settings: chatSettings.optional(),
    }),
    stream: z.boolean(),
    profileId: profileId.optional(),
    keepDetailAs: keepDetailAs.optional(),
  }),
  'chat.checkStructured': z.object({
    schema: z.string().max(MAX_SCHEMA_CHARS),
    text: z
      .string()
      .max(MAX_TEXT * 10)
      .optional(),
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
    profileId: profileId.optional(),
    keepDetailAs: keepDetailAs.optional(),
  }),
  'chat.compact': z.object({
    model: modelName,
    input: responsesInput,
    instructions: z.string().max(MAX_TEXT).optional(),
    previousResponseId: shortText.optional(),
    callId: shortText.optional(),
    profileId: profileId.optional(),
    keepDetailAs: keepDetailAs.optional(),
  }),
  'chat.cancelCompact': z.object({ callId: shortText }),
} satisfies SchemaGroup;
