// The application menu. Standard roles give every OS its native shortcuts (copy/paste/undo, reload,
// zoom, devtools) — without a menu those key bindings do nothing on macOS.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { t } from '../i18n/index.ts';

/** What the app's own menu items do; the entry (src-main/index.ts) supplies them. */
export interface MenuActions {
  /** The app's name, in About, Hide and Quit. */
  appName: string;
  /** Whether this build can update itself (src-main/updates/update-support.ts). */
  updatesSupported: boolean;
  checkForUpdates(): void;
  copyDiagnostics(): void;
}

const NO_ACTIONS: MenuActions = {
  appName: 'Gateway Studio',
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
    ? { id: 'check-for-updates', label: t('updates.menuCheck'), click: () => actions.checkForUpdates() }
    : { id: 'check-for-updates', label: t('updates.menuUnavailable'), enabled: false };
}

/**
 * The menus are spelt out item by item, each with its label from the catalogue: a role's own label, and
 * the submenus the menu roles (`fileMenu`, `editMenu`, `windowMenu`) fill in, are English whatever the
 * interface's language. The items are those roles' own (Electron's lib/browser/api/menu-item-roles.ts),
 * and a role item keeps its native behaviour and accelerator under a label of ours (docs/api/menu-item.md:
 * with a role, on macOS "label and accelerator are the only options that will affect the menu item").
 */
export function applicationMenuTemplate(
  platform: NodeJS.Platform,
  actions: MenuActions = NO_ACTIONS,
): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const appName = { appName: actions.appName };
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  // The app menu's own items, as the `appMenu` role lays them out, with the update check after About,
  // where macOS apps put it.
  const appMenu: MenuItemConstructorOptions = {
    role: 'appMenu',
    label: actions.appName,
    submenu: [
      { role: 'about', label: t('menu.about', appName) },
      updatesItem(actions),
      separator,
      { role: 'services', label: t('menu.services') },
      separator,
      { role: 'hide', label: t('menu.hide', appName) },
      { role: 'hideOthers', label: t('menu.hideOthers') },
      { role: 'unhide', label: t('menu.unhide') },
      separator,
      { role: 'quit', label: t('menu.quit', appName) },
    ],
  };
  const fileMenu: MenuItemConstructorOptions = {
    role: 'fileMenu',
    label: t('menu.file'),
    submenu: [
      isMac ? { role: 'close', label: t('menu.close') } : { role: 'quit', label: t('menu.quit', appName) },
    ],
  };
  const editMenu: MenuItemConstructorOptions = {
    role: 'editMenu',
    label: t('menu.edit'),
    submenu: [
      { role: 'undo', label: t('menu.undo') },
      { role: 'redo', label: t('menu.redo') },
      separator,
      { role: 'cut', label: t('menu.cut') },
      { role: 'copy', label: t('menu.copy') },
      { role: 'paste', label: t('menu.paste') },
      ...(isMac
        ? ([
            { role: 'pasteAndMatchStyle', label: t('menu.pasteAndMatchStyle') },
            { role: 'delete', label: t('menu.delete') },
            { role: 'selectAll', label: t('menu.selectAll') },
          ] satisfies MenuItemConstructorOptions[])
        : ([
            { role: 'delete', label: t('menu.delete') },
            separator,
            { role: 'selectAll', label: t('menu.selectAll') },
          ] satisfies MenuItemConstructorOptions[])),
    ],
  };
  const viewMenu: MenuItemConstructorOptions = {
    label: t('menu.view'),
    submenu: [
      { role: 'reload', label: t('menu.reload') },
      { role: 'forceReload', label: t('menu.forceReload') },
      { role: 'toggleDevTools', label: t('menu.toggleDevTools') },
      separator,
      { role: 'resetZoom', label: t('menu.resetZoom') },
      { role: 'zoomIn', label: t('menu.zoomIn') },
      { role: 'zoomOut', label: t('menu.zoomOut') },
      separator,
      { role: 'togglefullscreen', label: t('menu.toggleFullScreen') },
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    role: 'windowMenu',
    label: t('menu.window'),
    submenu: [
      { role: 'minimize', label: t('menu.minimize') },
      { role: 'zoom', label: t('menu.zoom') },
      ...(isMac
        ? ([separator, { role: 'front', label: t('menu.front') }] satisfies MenuItemConstructorOptions[])
        : ([{ role: 'close', label: t('menu.close') }] satisfies MenuItemConstructorOptions[])),
    ],
  };
  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    label: t('menu.help'),
    submenu: [
      { role: 'about', label: t('menu.about', appName) },
      ...(isMac ? [] : [updatesItem(actions)]),
      separator,
      { id: 'copy-diagnostics', label: t('diagnostics.menuCopy'), click: () => actions.copyDiagnostics() },
    ],
  };
  return [...(isMac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}

export function installApplicationMenu(
  platform: NodeJS.Platform = process.platform,
  actions: MenuActions = NO_ACTIONS,
): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(platform, actions)));
}
