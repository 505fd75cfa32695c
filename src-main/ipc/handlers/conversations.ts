// The Playground's saved conversations: list, open, save, rename, delete, export, and the inspector's
// records of their replies (kept apart from the conversations, see inspector-detail-store.ts).
import { basename, join } from 'node:path';
import { AppFailure } from '../../app-failure.ts';
import { t } from '../../i18n/index.ts';
import { writeFileAtomic } from '../../services/atomic-file.ts';
import {
  buildComparisonExport,
  buildConversationExport,
  CONVERSATION_EXPORT_LABELS,
  comparisonExportName,
  conversationExportName,
  type ProfileNamer,
} from '../../services/conversation-export.ts';
import {
  CONVERSATIONS_FOLDER,
  type ConversationStore,
  createConversationStore,
  isComparison,
} from '../../services/conversation-store.ts';
import type { conversationsSchemas } from '../schemas/conversations.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type ConversationMethods = keyof typeof conversationsSchemas;

const stores = new WeakMap<HandlerServices, ConversationStore>();

/**
 * The one conversation store of a set of handlers. The chat handlers keep replies' inspector records
 * through it (`keepDetailAs`), so a record's write queues in turn with the conversation's saves and is
 * refused once the conversation is deleted: a second store would keep neither promise.
 */
export function conversationStoreOf(services: HandlerServices): ConversationStore {
  let store = stores.get(services);
  if (!store) {
    store = createConversationStore({ directory: join(services.dataDir, CONVERSATIONS_FOLDER) });
    stores.set(services, store);
  }
  return store;
}

export function createConversationHandlers(services: HandlerServices): HandlerGroup<ConversationMethods> {
  const { dialogs, settings } = services;
  const store = conversationStoreOf(services);
  // The index is read as the app starts, in the background: the first list (the Playground opened) finds
  // it in memory rather than waiting for it.
  store.warmIndex();
  services.background.add(() => store.indexSettled());
  /** A column's profile by its name only (an export never carries a key, address or header value). */
  const profileName: ProfileNamer = (profileId) => {
    const { profiles, activeProfileId } = settings.state();
    const id = profileId ?? activeProfileId;
    return profiles.find((profile) => profile.id === id)?.name ?? null;
  };

  return {
    'conversations.list': ({ query, offset, limit }) => store.list({ query, offset, limit }),
    'conversations.get': ({ id }) => store.get(id),
    'conversations.save': ({ conversation }) => store.save(conversation),
    'comparisons.get': ({ id }) => store.getComparison(id),
    'comparisons.save': ({ comparison }) => store.saveComparison(comparison),
    'conversations.rename': ({ id, title }) => store.rename(id, title),
    'conversations.delete': async ({ id }) => ({ deleted: await store.remove(id) }),
    'conversations.detail': async ({ id, messageId }) => ({ detail: await store.detail(id, messageId) }),
    'conversations.copyDetail': async ({ from, to }) => ({ detailBytes: await store.copyDetail(from, to) }),
    'conversations.clearDetail': async ({ id }) => {
      await store.clearDetail(id);
      return { detailBytes: 0 };
    },

    'conversations.export': async ({ id, format }) => {
      const saved = await store.getEither(id);
      const comparison = isComparison(saved);
      const path = await dialogs.save({
        title: t(comparison ? 'dialogs.exportComparison' : 'dialogs.exportConversation'),
        defaultName: comparison ? comparisonExportName(saved, format) : conversationExportName(saved, format),
        filters: [{ name: CONVERSATION_EXPORT_LABELS[format], extensions: [format] }],
      });
      if (path === null) return { path: null };
      try {
        const text = comparison
          ? buildComparisonExport(format, saved, profileName)
          : buildConversationExport(format, saved);
        await writeFileAtomic(path, text);
      } catch (error) {
        throw new AppFailure(
          'file_error',
          t(comparison ? 'errors.export.comparisonNotWritten' : 'errors.export.conversationNotWritten', {
            file: basename(path),
          }),
          {
            hint: t('errors.export.notWrittenHint'),
            cause: error,
          },
        );
      }
      return { path };
    },
  };
}
