import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createNativeDialogs } from '../../../src-main/electron/dialogs.ts';

const electron = vi.hoisted(() => ({
  focused: null as object | null,
  dialog: {
    showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: false, filePath: '/docs/out.srt' })),
    showOpenDialog: vi.fn(async (..._args: unknown[]) => ({
      canceled: false,
      filePaths: ['/a.wav', '/b.mp3'],
    })),
  },
}));
vi.mock('electron', () => ({
  app: { getPath: (name: string) => `/home/u/${name}` },
  BrowserWindow: { getFocusedWindow: () => electron.focused },
  dialog: electron.dialog,
}));

const filters = [{ name: 'Subtitles', extensions: ['srt'] }];

beforeEach(() => {
  electron.focused = null;
  electron.dialog.showSaveDialog.mockClear();
  electron.dialog.showOpenDialog.mockClear();
});

describe('native dialogs', () => {
  it('save: answers the chosen path, parented to the focused window', async () => {
    const window = { id: 1 };
    electron.focused = window;
    const path = await createNativeDialogs().save({ title: 'Export', defaultName: 'talk.srt', filters });
    expect(path).toBe('/docs/out.srt');
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({
        title: 'Export',
        defaultPath: join('/home/u/documents', 'talk.srt'),
        filters,
      }),
    );
  });

  it('save: takes only a file name from the page', async () => {
    await createNativeDialogs().save({ title: 'Export', defaultName: '../../etc/passwd', filters });
    const options = electron.dialog.showSaveDialog.mock.calls[0]?.[0] as { defaultPath: string };
    expect(options.defaultPath).toBe(join('/home/u/documents', 'passwd'));
  });

  it('save: answers null when cancelled', async () => {
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    expect(await createNativeDialogs().save({ title: 'Export', defaultName: 'a.txt', filters })).toBeNull();
  });

  it('open: single or multiple selection, null when cancelled', async () => {
    const dialogs = createNativeDialogs();
    expect(await dialogs.open({ title: 'Add audio', filters, multiple: true })).toEqual(['/a.wav', '/b.mp3']);
    expect(electron.dialog.showOpenDialog.mock.calls[0]?.[0]).toMatchObject({
      properties: ['openFile', 'multiSelections'],
    });
    await dialogs.open({ title: 'Add audio', filters, multiple: false });
    expect(electron.dialog.showOpenDialog.mock.calls[1]?.[0]).toMatchObject({ properties: ['openFile'] });
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    expect(await dialogs.open({ title: 'Add audio', filters, multiple: false })).toBeNull();
  });
});
