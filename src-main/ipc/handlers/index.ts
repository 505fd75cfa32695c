// One handler per contract method, grouped by area (one module each). The mapped `Handlers` type makes
// the table complete: a method added to the contract without a handler fails to compile here.
// Inputs arrive already parsed (../schemas).
import type { AppInfo, MethodInput, MethodName, MethodOutput } from '../../../src-preload/contract.ts';
import type { OpenedFiles } from '../../opened-files.ts';
import type { CatalogueService } from '../../services/catalogue.ts';
import type { GatewayAccess } from '../../services/gateway-access.ts';
import type { ImageAttachments } from '../../services/image-attachments.ts';
import type { MediaGrants } from '../../services/media-grants.ts';
import type { SettingsService } from '../../services/settings.ts';
import type { BackgroundWork } from '../background-work.ts';
import type { StreamManager } from '../stream-manager.ts';
import type { Dialogs } from '../types.ts';
import { createAudioHandlers } from './audio.ts';
import { createChatHandlers } from './chat.ts';
import { createChatImagesHandlers } from './chat-images.ts';
import { createConversationHandlers } from './conversations.ts';
import { createCoreHandlers } from './core.ts';
import { createMaintenanceHandlers } from './maintenance.ts';
import { createOpenedFilesHandlers } from './opened-files.ts';
import { createPrefsHandlers } from './prefs.ts';
import { createSpeechHandlers } from './speech.ts';

export interface CallContext {
  ownerId: number;
}

export type Handlers = {
  [M in MethodName]: (
    input: MethodInput<M>,
    context: CallContext,
  ) => Promise<MethodOutput<M>> | MethodOutput<M>;
};

/** The handlers of a group of methods; each area module returns one. */
export type HandlerGroup<M extends MethodName> = Pick<Handlers, M>;

export interface HandlerServices {
  settings: SettingsService;
  catalogue: CatalogueService;
  gateway: GatewayAccess;
  streams: StreamManager;
  /** Files outside the media folder the page may play (dropped or picked audio). */
  media: MediaGrants;
  dialogs: Dialogs;
  /** Images added to Playground turns (`<dataDir>/attachments`); `resolveImageRefs` before sending. */
  attachments: ImageAttachments;
  dataDir: string;
  openExternal(url: string): Promise<void>;
  appInfo: AppInfo;
  /** Audio files the OS asked the app to open (absent in hosts without "Open with"). */
  openedFiles?: OpenedFiles | undefined;
  /** Where a handler's store says how to wait for what it does after answering (its index). */
  background: BackgroundWork;
}

export function createHandlers(services: HandlerServices): Handlers {
  return {
    ...createCoreHandlers(services),
    ...createPrefsHandlers(services),
    ...createAudioHandlers(services),
    ...createSpeechHandlers(services),
    ...createChatHandlers(services),
    ...createChatImagesHandlers(services),
    ...createConversationHandlers(services),
    ...createMaintenanceHandlers(services),
    ...createOpenedFilesHandlers(services),
  };
}
