// The application menu. Standard roles give every OS its native shortcuts (copy/paste/undo, reload,
// zoom, devtools) — without a menu those key bindings do nothing on macOS.
import { Menu, type MenuItemConstructorOptions } from 'electron';

export function applicationMenuTemplate(platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  return [
    ...(isMac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ role: 'about' }] },
  ];
}

export function installApplicationMenu(platform: NodeJS.Platform = process.platform): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(platform)));
}
