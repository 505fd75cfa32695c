// What the IPC layer needs from its host (the Electron entry, or a test) and what it gives back.
import type { AppInfo, EventName, Events, Result } from '../../src-preload/contract.ts';
import type { AppFetch } from '../app-fetch.ts';
import type { FetchLike } from '../gateway/types.ts';
import type { OpenedFiles } from '../opened-files.ts';
import type { MediaGrants } from '../services/media-grants.ts';
import type { SecretBox } from '../services/secret-box.ts';
import type { SettingsStoreFactory } from '../services/settings-store.ts';

/** Who sent an IPC message, as the host adapter saw it. */
export interface SenderInfo {
  /** The webContents id: streams and events are owned per window. */
  ownerId: number;
  /** The message came from a window this app created. */
  knownWindow: boolean;
  /** The message came from that window's top-level frame (not an iframe). */
  topFrame: boolean;
  /** URL of the sending frame. */
  url: string;
}

export interface SaveDialogRequest {
  title: string;
  defaultName: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

export interface OpenDialogRequest {
  title: string;
  filters: Array<{ name: string; extensions: string[] }>;
  multiple: boolean;
}

/** Native dialogs; tests answer with temp paths. `null` means the user cancelled. */
export interface Dialogs {
  save(request: SaveDialogRequest): Promise<string | null>;
  open(request: OpenDialogRequest): Promise<string[] | null>;
}

export interface IpcHostDeps {
  /** The app's data folder: settings, history, audio. */
  dataDir: string;
  secretBox: SecretBox;
  /** Builds the electron-store (in the app) or a plain `conf` store (in tests) for settings. */
  createSettingsStore: SettingsStoreFactory;
  /** The app's fetch (src-main/app-fetch.ts), which routes each profile through its proxy; or a plain one. */
  fetch: FetchLike | AppFetch;
  dialogs: Dialogs;
  /** Audio outside the media folder the page may play; the app protocol serves from the same instance. */
  mediaGrants: MediaGrants;
  /** Opens an https URL in the system browser. */
  openExternal(url: string): Promise<void>;
  /** Delivers an event to the renderer of one window. */
  emit<E extends EventName>(ownerId: number, event: E, payload: Events[E]): void;
  /** Whether a URL is the app's own page (file/app protocol in Electron, the harness origin in tests). */
  isAppUrl(url: string): boolean;
  appInfo: AppInfo;
  /** Stream batching interval in ms (default 32). */
  batchIntervalMs?: number;
  /** Audio files the OS asked the app to open ("Open with"); none where the host has no such thing. */
  openedFiles?: OpenedFiles;
}

export interface IpcLayer {
  /** The choke point: every renderer→main call goes through here and never throws. */
  dispatch(sender: SenderInfo, method: string, input: unknown): Promise<Result<unknown>>;
  /**
   * The preload resolved a dropped file to `path`: the window may now name it to `audio.*`. Reached over
   * a private channel, never as a contract method, so the page cannot register paths of its choosing;
   * the sender is checked as for every call. `true` when the path was registered.
   */
  registerDroppedPath(sender: SenderInfo, path: unknown): boolean;
  /** A window's page navigated, reloaded or crashed: abort its running streams; the window stays ours. */
  abortOwnerStreams(ownerId: number): void;
  /** A window was destroyed: abort its streams and retire its id. */
  closeOwner(ownerId: number): void;
  /** App shutdown: abort every stream. */
  dispose(): void;
  /** Whether a stream's run (a stopped one writing its record) or a file write is under way now. */
  writing(): boolean;
  /**
   * Resolves once the writes under way when called have ended: the runs of the streams `dispose` stopped (a
   * reply's record) and every atomic file write (atomic-file.ts) started so far. Not appends to an index's
   * journal, files set aside as damaged, or writes started after the call; not the stores' index checks,
   * which may run for minutes (a quit waits for this, see quit-after-work.ts).
   */
  writesDone(): Promise<void>;
  /** Resolves once what main does after answering (the sweep, the stores' indexes) is done so far. */
  settled(): Promise<void>;
}
