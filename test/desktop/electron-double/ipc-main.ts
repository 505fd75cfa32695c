// ipcMain: handlers live in main and survive reloads and crashes; one handler per channel; errors reach
// the renderer as a message only (docs/api/ipc-main.md § ipcMain.handle; ELECTRON.md §2.4, §5).
import { EventEmitter } from 'node:events';
import { serialize } from 'node:v8';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

class IpcMain extends EventEmitter {
  readonly #handlers = new Map<string, Handler>();

  handle(channel: string, handler: Handler): void {
    if (typeof handler !== 'function') {
      throw new TypeError(`Expected handler to be a function, but found type '${typeof handler}'`);
    }
    if (this.#handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    this.#handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: Handler): void {
    // Removed before it runs (S ipc-main-impl.ts).
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.#handlers.delete(channel);
  }

  /**
   * Runs the handler for one `invoke` and returns what the renderer's promise settles with. The error
   * text is the renderer's: `Error invoking remote method '<ch>': <String(err)>` (S lib/renderer/api/ipc-renderer.ts).
   */
  async invokeHandler(
    event: unknown,
    channel: string,
    args: unknown[],
  ): Promise<{ result: unknown } | { error: string }> {
    const prefix = `Error invoking remote method '${channel}': `;
    const handler = this.#handlers.get(channel);
    if (!handler) return { error: `${prefix}Error: No handler registered for '${channel}'` };
    let result: unknown;
    try {
      result = await handler(event, ...args);
    } catch (error) {
      console.error(`Error occurred in handler for '${channel}':`, error);
      return { error: `${prefix}${String(error)}` };
    }
    try {
      // The reply is structured-cloned; what cannot be cloned becomes an error (S v8_util.cc).
      serialize(result);
    } catch {
      return { error: `${prefix}Error: An object could not be cloned.` };
    }
    return { result };
  }
}

export const ipcMain = new IpcMain();
