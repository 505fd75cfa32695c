// The quit waits for main's writes. The app here is a stand-in for Electron's `app` as its documentation
// describes the quit (docs/api/app.md § app.quit(), § Event: 'before-quit'; ELECTRON.md §4): `quit()` emits
// `before-quit`, whose `preventDefault()` cancels that quit; a later `quit()` emits it again.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quitAfterWork, type StoppableWork } from '../../../src-main/electron/quit-after-work.ts';

class DocumentedApp extends EventEmitter {
  quits = 0;
  quit(): void {
    let prevented = false;
    this.emit('before-quit', {
      preventDefault: () => {
        prevented = true;
      },
    });
    if (!prevented) this.quits++;
  }
}

/** Work whose writes end when `finish` is called. */
function writingWork(): StoppableWork & { disposed: number; finish(): void } {
  let finish!: () => void;
  const writes = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const work = {
    disposed: 0,
    dispose: () => {
      work.disposed++;
    },
    writing: () => true,
    writesDone: () => writes,
    finish: () => finish(),
  };
  return work;
}

afterEach(() => vi.useRealTimers());

describe('quitAfterWork', () => {
  it('stops the work at once and quits only once its writes are done, however often quit is asked', async () => {
    const app = new DocumentedApp();
    const work = writingWork();
    quitAfterWork(app, () => work, 3_000);
    app.quit();
    expect(work.disposed).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.quits).toBe(0);
    // The quit key pressed again while waiting: the same wait, not a second one.
    app.quit();
    expect(work.disposed).toBe(1);
    work.finish();
    await vi.waitFor(() => expect(app.quits).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.quits).toBe(1);
  });

  it('quits after the bound when a write never ends (a stuck disk does not keep the app open)', async () => {
    vi.useFakeTimers();
    const app = new DocumentedApp();
    const work = writingWork();
    quitAfterWork(app, () => work, 3_000);
    app.quit();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(app.quits).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.quits).toBe(1);
  });

  it('quits at once, unheld, when nothing is being written (a held quit cancels a macOS restart)', () => {
    const app = new DocumentedApp();
    let disposed = 0;
    quitAfterWork(app, () => ({
      dispose: () => {
        disposed++;
      },
      writing: () => false,
      writesDone: () => new Promise<void>(() => {}),
    }));
    app.quit();
    expect(disposed).toBe(1);
    expect(app.quits).toBe(1);
  });

  it('quits even when stopping the work throws', () => {
    const app = new DocumentedApp();
    quitAfterWork(app, () => ({
      dispose: () => {
        throw new Error('boom');
      },
      writing: () => false,
      writesDone: async () => {},
    }));
    app.quit();
    expect(app.quits).toBe(1);
  });

  it('quits at once before there is any work (start-up had not got that far)', () => {
    const app = new DocumentedApp();
    quitAfterWork(app, () => null);
    app.quit();
    expect(app.quits).toBe(1);
  });

  it('quits even when waiting for the writes fails', async () => {
    const app = new DocumentedApp();
    quitAfterWork(app, () => ({
      dispose: () => {},
      writing: () => true,
      writesDone: () => Promise.reject(new Error('EIO')),
    }));
    app.quit();
    await vi.waitFor(() => expect(app.quits).toBe(1));
  });
});
