import { z } from 'zod';
import { MAX_CONVERSATION_PAGE } from '../../../src-preload/contract.ts';
import {
  comparisonSchema,
  conversationId,
  conversationSchema,
  conversationTitleInput,
  messageId,
} from '../../services/conversation-schema.ts';
import type { SchemaGroup } from './index.ts';

export const conversationsSchemas = {
  'conversations.list': z.object({
    query: z.string().max(500).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
    limit: z.number().int().min(1).max(MAX_CONVERSATION_PAGE).optional(),
  }),
  'conversations.get': z.object({ id: conversationId }),
  'conversations.save': z.object({ conversation: conversationSchema }),
  'comparisons.get': z.object({ id: conversationId }),
  'comparisons.save': z.object({ comparison: comparisonSchema }),
  'conversations.rename': z.object({ id: conversationId, title: conversationTitleInput }),
  'conversations.delete': z.object({ id: conversationId }),
  'conversations.export': z.object({ id: conversationId, format: z.enum(['md', 'json']) }),
  'conversations.detail': z.object({ id: conversationId, messageId }),
  'conversations.clearDetail': z.object({ id: conversationId }),
  'conversations.copyDetail': z.object({ from: conversationId, to: conversationId }),
} satisfies SchemaGroup;
