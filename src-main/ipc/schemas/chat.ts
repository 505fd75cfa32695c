import { z } from 'zod';
import { MAX_TEXT, modelName, shortText } from './common.ts';
import type { SchemaGroup } from './index.ts';

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
} satisfies SchemaGroup;
