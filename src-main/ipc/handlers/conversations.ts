// The Playground's saved conversations: list, open, save, rename, delete, export, and the inspector's
// records of their replies (kept apart from the conversations, see inspector-detail-store.ts).
import { basename, join } from 'node:path';
import { AppFailure } from '../../app-failure.ts';
import { writeFileAtomic } from '../../services/atomic-file.ts';
import {
  buildConversationExport,
  CONVERSATION_EXPORT_LABELS,
  conversationExportName,
} from '../../services/conversation-export.ts';
import { CONVERSATIONS_FOLDER, createConversationStore } from '../../services/conversation-store.ts';
import type { conversationsSchemas } from '../schemas/conversations.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type ConversationMethods = keyof typeof conversationsSchemas;

export function createConversationHandlers({
  dataDir,
  dialogs,
}: HandlerServices): HandlerGroup<ConversationMethods> {
  const store = createConversationStore({ directory: join(dataDir, CONVERSATIONS_FOLDER) });

  return {
    'conversations.list': ({ query }) => store.list(query),
    'conversations.get': ({ id }) => store.get(id),
    'conversations.save': ({ conversation }) => store.save(conversation),
    'conversations.rename': ({ id, title }) => store.rename(id, title),
    'conversations.delete': async ({ id }) => ({ deleted: await store.remove(id) }),
    'conversations.detail': async ({ id, messageId }) => ({ detail: await store.detail(id, messageId) }),
    'conversations.saveDetail': async ({ id, messageId, detail }) => ({
      detailBytes: await store.saveDetail(id, messageId, detail),
    }),
    'conversations.clearDetail': async ({ id }) => {
      await store.clearDetail(id);
      return { detailBytes: 0 };
    },

    'conversations.export': async ({ id, format }) => {
      const conversation = await store.get(id);
      const path = await dialogs.save({
        title: 'Export conversation',
        defaultName: conversationExportName(conversation, format),
        filters: [{ name: CONVERSATION_EXPORT_LABELS[format], extensions: [format] }],
      });
      if (path === null) return { path: null };
      try {
        await writeFileAtomic(path, buildConversationExport(format, conversation));
      } catch (error) {
        throw new AppFailure('file_error', `The conversation could not be written to “${basename(path)}”.`, {
          hint: 'Choose another folder, or check that you may write there.',
          cause: error,
        });
      }
      return { path };
    },
  };
}
