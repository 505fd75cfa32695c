// The OS-facing modules: native dialogs (answered by the test, as a person would), the system
// browser, the clipboard and the OS colour scheme.
import { EventEmitter } from 'node:events';
import { ask, onHostMessage, readiness, record } from './runtime.ts';

function dialogsReady(): void {
  // "dialog module can only be used after app is ready", except showErrorBox (S lib/browser/api/dialog.ts).
  if (!readiness.isReady) throw new Error('dialog module can only be used after app is ready');
}

/** `[window,] options`: the parent window is optional (docs/api/dialog.md). */
function optionsOf(args: unknown[]): Record<string, unknown> {
  const last = args.at(-1);
  return last && typeof last === 'object' && !('webContents' in last)
    ? (last as Record<string, unknown>)
    : {};
}

export const dialog = {
  async showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
    dialogsReady();
    const paths = (await ask({ type: 'dialog.open', options: optionsOf(args) })) as string[] | null;
    return paths && paths.length > 0
      ? { canceled: false, filePaths: paths }
      : { canceled: true, filePaths: [] };
  },
  async showSaveDialog(...args: unknown[]): Promise<{ canceled: boolean; filePath: string }> {
    dialogsReady();
    const path = (await ask({ type: 'dialog.save', options: optionsOf(args) })) as string | null;
    return path ? { canceled: false, filePath: path } : { canceled: true, filePath: '' };
  },
  async showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    dialogsReady();
    const response = (await ask({ type: 'dialog.messageBox', options: optionsOf(args) })) as number | null;
    return { response: response ?? 0, checkboxChecked: false };
  },
  showErrorBox(title: string, content: string): void {
    record({ type: 'errorBox', title, content });
    console.error(`[error box] ${title}\n${content}`);
  },
};

export const shell = {
  async openExternal(url: string): Promise<void> {
    record({ type: 'openExternal', url });
  },
  async openPath(path: string): Promise<string> {
    record({ type: 'openExternal', url: `file://${path}` });
    return '';
  },
  showItemInFolder(path: string): void {
    record({ type: 'openExternal', url: `file://${path}` });
  },
};

let clipboardText = '';
/** The system clipboard's text (docs/api/clipboard.md § clipboard.writeText / readText); writes are recorded. */
export const clipboard = {
  readText: (): string => clipboardText,
  writeText: (text: string): void => {
    clipboardText = text;
    record({ type: 'clipboard', text });
  },
};

class NativeTheme extends EventEmitter {
  #source: 'system' | 'light' | 'dark' = 'system';
  #osDark = false;

  constructor() {
    super();
    onHostMessage((message) => {
      if (message.kind !== 'os.darkMode') return;
      this.#osDark = message.dark;
      if (this.#source === 'system') this.#updated();
    });
  }

  get themeSource() {
    return this.#source;
  }

  set themeSource(source: 'system' | 'light' | 'dark') {
    this.#source = source;
    this.#updated();
  }

  get shouldUseDarkColors(): boolean {
    return this.#source === 'dark' || (this.#source === 'system' && this.#osDark);
  }

  get shouldUseHighContrastColors(): boolean {
    return false;
  }

  /** `updated` is emitted on a posted task, never inside the setter (S electron_api_native_theme.cc). */
  #updated(): void {
    setImmediate(() => this.emit('updated'));
  }
}

export const nativeTheme = new NativeTheme();
