// The application menu. Standard roles give every OS its native shortcuts (copy/paste/undo, reload,
// zoom, devtools) — without a menu those key bindings do nothing on macOS.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { DIAGNOSTICS_STRINGS } from '../diagnostics/strings.ts';
import { UPDATE_STRINGS } from '../updates/strings.ts';

/** What the app's own menu items do; the entry (src-main/index.ts) supplies them. */
export interface MenuActions {
  /** Whether this build can update itself (src-main/updates/update-support.ts). */
  updatesSupported: boolean;
  checkForUpdates(): void;
  copyDiagnostics(): void;
}

const NO_ACTIONS: MenuActions = {
  updatesSupported: false,
  checkForUpdates: () => {},
  copyDiagnostics: () => {},
};

/**
 * "Check for Updates…" where each OS puts it: the app menu on macOS, Help elsewhere. A build that cannot
 * update itself (development, deb) says so in the item itself, disabled, rather than offer a check that
 * could never install anything.
 */
function updatesItem(actions: MenuActions): MenuItemConstructorOptions {
  return actions.updatesSupported
    ? { id: 'check-for-updates', label: UPDATE_STRINGS.menuCheck, click: () => actions.checkForUpdates() }
    : { id: 'check-for-updates', label: UPDATE_STRINGS.menuUnavailable, enabled: false };
}

export function applicationMenuTemplate(
  platform: NodeJS.Platform,
  actions: MenuActions = NO_ACTIONS,
): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  // The app menu's own items, as the `appMenu` role lays them out (docs/api/menu-item.md § Roles), with the
  // update check after About, where macOS apps put it.
  const appMenu: MenuItemConstructorOptions = {
    role: 'appMenu',
    submenu: [
      { role: 'about' },
      updatesItem(actions),
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  return [
    ...(isMac ? [appMenu] : []),
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
    {
      role: 'help',
      submenu: [
        { role: 'about' },
        ...(isMac ? [] : [updatesItem(actions)]),
        { type: 'separator' },
        {
          id: 'copy-diagnostics',
          label: DIAGNOSTICS_STRINGS.menuCopy,
          click: () => actions.copyDiagnostics(),
        },
      ],
    },
  ];
}

export function installApplicationMenu(
  platform: NodeJS.Platform = process.platform,
  actions: MenuActions = NO_ACTIONS,
): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(platform, actions)));
}
