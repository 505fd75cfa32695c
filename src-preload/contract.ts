// The one typed contract between the renderer and main, and its single import point.
// Each area's types, constants and methods live in ./contract/<area>.ts, split as src-main/ipc/schemas/ and
// src-main/ipc/handlers/ are, so a change to one area touches one contract file; this module composes them
// into the one `Methods` table, and holds what belongs to no area (the method and event lists, channels,
// the bridge). No runtime imports outside ./contract/: the preload bundles this file and must stay tiny.
// Main implements every method (a missing handler fails to compile, see src-main/ipc/handlers/index.ts);
// the renderer calls them through `src-renderer/src/api.ts`.

import { AUDIO_METHODS, type AudioMethods } from './contract/audio.ts';
import { CHAT_METHODS, type ChatMethods } from './contract/chat.ts';
import { CONVERSATIONS_METHODS, type ConversationsMethods } from './contract/conversations.ts';
import { CORE_METHODS, type CoreMethods, type SettingsState } from './contract/core.ts';
import type { Result } from './contract/errors.ts';
import {
  type DiagnosticsCopied,
  MAINTENANCE_METHODS,
  type MaintenanceMethods,
  type UpdateState,
} from './contract/maintenance.ts';
import {
  OPENED_FILES_METHODS,
  type OpenedFilesAvailable,
  type OpenedFilesMethods,
} from './contract/opened-files.ts';
import { PREFS_METHODS, type PrefsMethods } from './contract/prefs.ts';
import { SPEECH_METHODS, type SpeechMethods } from './contract/speech.ts';
import type { StreamBatch } from './contract/streams.ts';

export * from './contract/audio.ts';
export * from './contract/chat.ts';
export * from './contract/conversations.ts';
export * from './contract/core.ts';
export * from './contract/errors.ts';
export * from './contract/languages.ts';
export * from './contract/maintenance.ts';
export * from './contract/opened-files.ts';
export * from './contract/prefs.ts';
export * from './contract/speech.ts';
export * from './contract/streams.ts';

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Every renderer→main method: its input and its result data, one table per area.
 * Adding a method to an area without a handler and an input schema in main fails to compile.
 */
export interface Methods
  extends CoreMethods,
    PrefsMethods,
    AudioMethods,
    SpeechMethods,
    ChatMethods,
    ConversationsMethods,
    MaintenanceMethods,
    OpenedFilesMethods {}

export type MethodName = keyof Methods;
export type MethodInput<M extends MethodName> = Methods[M]['input'];
export type MethodOutput<M extends MethodName> = Methods[M]['output'];

/**
 * The runtime list of methods; the `satisfies` makes it complete with respect to `Methods` (each area's
 * table is exact with respect to its own methods). Written as calls marked pure, not an object spread,
 * so that a bundle which never reads it (the renderer) drops it, and with it every area's table.
 */
export const METHOD_NAMES = /* @__PURE__ */ Object.keys(
  /* @__PURE__ */ Object.assign(
    {},
    CORE_METHODS,
    PREFS_METHODS,
    AUDIO_METHODS,
    SPEECH_METHODS,
    CHAT_METHODS,
    CONVERSATIONS_METHODS,
    MAINTENANCE_METHODS,
    OPENED_FILES_METHODS,
  ) satisfies Record<MethodName, true>,
) as MethodName[];

/** Main→renderer events. */
export interface Events {
  'stream.batch': StreamBatch;
  'settings.changed': SettingsState;
  'updates.state': UpdateState;
  'diagnostics.copied': DiagnosticsCopied;
  'openedFiles.available': OpenedFilesAvailable;
}

export type EventName = keyof Events;

export const EVENT_NAMES = Object.keys({
  'stream.batch': true,
  'settings.changed': true,
  'updates.state': true,
  'diagnostics.copied': true,
  'openedFiles.available': true,
} satisfies Record<EventName, true>) as EventName[];

/** IPC channel names are namespaced so nothing else in the app can collide with them. */
export const methodChannel = (method: MethodName): string => `gs:call:${method}`;
export const eventChannel = (event: EventName): string => `gs:event:${event}`;

/** What the preload exposes on `window.gatewayStudio`. */
export interface Bridge {
  invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>>;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  /** Resolves a dropped `File` to its path on disk (empty string where there is none, e.g. in a browser). */
  pathForFile(file: File): string;
}

export const BRIDGE_KEY = 'gatewayStudio';
