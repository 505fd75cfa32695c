// Menu and MenuItem, with the roles' default labels, accelerators and actions as Electron defines them
// (docs/api/menu-item.md § Roles; S lib/browser/api/menu-item-roles.ts). Accelerators reach the menu
// from the page's key events (page-runtime.ts); the test can also pick an item by role, as a person
// clicks a menu even when the page has crashed.
import { onHostMessage, platform, post } from './runtime.ts';

type Platform = NodeJS.Platform;
type WindowLike = {
  reload(): void;
  close(): void;
  minimize(): void;
  isFullScreen(): boolean;
  setFullScreen(flag: boolean): void;
  webContents: { toggleDevTools(): void; zoomLevel: number };
};

interface RoleDefinition {
  label: string;
  accelerator?: (p: Platform) => string | undefined;
  /** Editing roles act on the page's focused element: the page handles their keys natively. */
  inPage?: boolean;
  /** `copy`, `cut`, `paste` register no accelerator of their own (S registerAccelerator: false). */
  registersAccelerator?: boolean;
  action?:
    | 'reload'
    | 'quit'
    | 'close'
    | 'minimize'
    | 'fullscreen'
    | 'devtools'
    | 'zoomIn'
    | 'zoomOut'
    | 'zoomReset'
    | 'about';
  submenu?: (p: Platform) => Template[];
}

interface Template {
  id?: string;
  role?: string;
  label?: string;
  type?: string;
  accelerator?: string;
  click?: (item: MenuItem, window: unknown, event: unknown) => void;
  submenu?: Template[] | Menu;
  enabled?: boolean;
  visible?: boolean;
  registerAccelerator?: boolean;
}

const mac = (p: Platform) => p === 'darwin';
const always = (accelerator: string) => () => accelerator;

const ROLES: Record<string, RoleDefinition> = {
  about: { label: 'About', action: 'about' },
  close: { label: 'Close', accelerator: always('CommandOrControl+W'), action: 'close' },
  copy: {
    label: 'Copy',
    accelerator: always('CommandOrControl+C'),
    inPage: true,
    registersAccelerator: false,
  },
  cut: { label: 'Cut', accelerator: always('CommandOrControl+X'), inPage: true, registersAccelerator: false },
  paste: {
    label: 'Paste',
    accelerator: always('CommandOrControl+V'),
    inPage: true,
    registersAccelerator: false,
  },
  pasteandmatchstyle: { label: 'Paste and Match Style', inPage: true, registersAccelerator: false },
  delete: { label: 'Delete', inPage: true },
  undo: { label: 'Undo', accelerator: always('CommandOrControl+Z'), inPage: true },
  redo: {
    label: 'Redo',
    accelerator: (p) => (p === 'win32' ? 'Control+Y' : 'Shift+CommandOrControl+Z'),
    inPage: true,
  },
  selectall: { label: 'Select All', accelerator: always('CommandOrControl+A'), inPage: true },
  reload: { label: 'Reload', accelerator: always('CmdOrCtrl+R'), action: 'reload' },
  forcereload: { label: 'Force Reload', accelerator: always('Shift+CmdOrCtrl+R'), action: 'reload' },
  toggledevtools: {
    label: 'Toggle Developer Tools',
    accelerator: (p) => (mac(p) ? 'Alt+Command+I' : 'Ctrl+Shift+I'),
    action: 'devtools',
  },
  resetzoom: { label: 'Actual Size', accelerator: always('CommandOrControl+0'), action: 'zoomReset' },
  zoomin: { label: 'Zoom In', accelerator: always('CommandOrControl+Plus'), action: 'zoomIn' },
  zoomout: { label: 'Zoom Out', accelerator: always('CommandOrControl+-'), action: 'zoomOut' },
  togglefullscreen: {
    label: 'Toggle Full Screen',
    accelerator: (p) => (mac(p) ? 'Control+Command+F' : 'F11'),
    action: 'fullscreen',
  },
  minimize: { label: 'Minimize', accelerator: always('CommandOrControl+M'), action: 'minimize' },
  quit: {
    label: 'Quit',
    accelerator: (p) => (p === 'win32' ? undefined : 'CommandOrControl+Q'),
    action: 'quit',
  },
  hide: { label: 'Hide', accelerator: always('Command+H') },
  hideothers: { label: 'Hide Others', accelerator: always('Command+Alt+H') },
  unhide: { label: 'Show All' },
  services: { label: 'Services' },
  zoom: { label: 'Zoom' },
  front: { label: 'Bring All to Front' },
  help: { label: 'Help' },
  window: { label: 'Window' },
  appmenu: {
    label: 'App',
    submenu: () => [
      { role: 'about' },
      { role: 'services' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { role: 'quit' },
    ],
  },
  filemenu: { label: 'File', submenu: (p) => [mac(p) ? { role: 'close' } : { role: 'quit' }] },
  editmenu: {
    label: 'Edit',
    submenu: (p) => [
      { role: 'undo' },
      { role: 'redo' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac(p) ? [{ role: 'pasteAndMatchStyle' }] : []),
      { role: 'delete' },
      { role: 'selectAll' },
    ],
  },
  viewmenu: {
    label: 'View',
    submenu: () =>
      ['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'].map(
        (role) => ({ role }),
      ),
  },
  windowmenu: {
    label: 'Window',
    submenu: (p) => [{ role: 'minimize' }, { role: 'zoom' }, mac(p) ? { role: 'front' } : { role: 'close' }],
  },
};

/** `CmdOrCtrl+Shift+R` → `ctrl+shift+r` (or `meta+…` on macOS): the form page-runtime.ts builds from a keydown. */
export function normaliseAccelerator(accelerator: string, p: Platform): string {
  const parts = accelerator.split('+').filter((part, index, all) => part !== '' || index === all.length - 1);
  const key = (parts.pop() || '+').toLowerCase();
  const modifiers = new Set<string>();
  for (const raw of parts) {
    const part = raw.toLowerCase();
    if (part === 'cmdorctrl' || part === 'commandorcontrol') modifiers.add(mac(p) ? 'meta' : 'ctrl');
    else if (part === 'cmd' || part === 'command' || part === 'super' || part === 'meta')
      modifiers.add('meta');
    else if (part === 'ctrl' || part === 'control') modifiers.add('ctrl');
    else if (part === 'alt' || part === 'option') modifiers.add('alt');
    else if (part === 'shift') modifiers.add('shift');
  }
  const named: Record<string, string> = { plus: '+', minus: '-', space: ' ', esc: 'escape' };
  return [...['ctrl', 'alt', 'shift', 'meta'].filter((m) => modifiers.has(m)), named[key] ?? key].join('+');
}

export class MenuItem {
  readonly id?: string;
  readonly role?: string;
  readonly label: string;
  readonly type: string;
  readonly accelerator?: string;
  readonly click?: Template['click'];
  readonly submenu?: Menu;
  readonly enabled: boolean;
  readonly visible: boolean;
  readonly registerAccelerator: boolean;
  readonly inPage: boolean;
  readonly action?: RoleDefinition['action'];

  constructor(template: Template) {
    const role = template.role?.toLowerCase();
    const definition = role ? ROLES[role] : undefined;
    this.id = template.id;
    this.role = template.role;
    this.label = template.label ?? definition?.label ?? '';
    this.type = template.type ?? (template.submenu || definition?.submenu ? 'submenu' : 'normal');
    this.accelerator = template.accelerator ?? definition?.accelerator?.(platform());
    this.click = template.click;
    const submenu = template.submenu ?? definition?.submenu?.(platform());
    this.submenu = submenu
      ? submenu instanceof Menu
        ? submenu
        : Menu.buildFromTemplate(submenu)
      : undefined;
    this.enabled = template.enabled ?? true;
    this.visible = template.visible ?? true;
    this.registerAccelerator = template.registerAccelerator ?? definition?.registersAccelerator ?? true;
    this.inPage = definition?.inPage ?? false;
    this.action = definition?.action;
  }
}

let applicationMenu: Menu | null = null;

export class Menu {
  readonly items: MenuItem[] = [];

  static buildFromTemplate(template: Template[]): Menu {
    const menu = new Menu();
    for (const entry of template) menu.append(new MenuItem(entry));
    return menu;
  }

  static setApplicationMenu(menu: Menu | null): void {
    if (menu !== null && !(menu instanceof Menu)) throw new TypeError('Invalid menu');
    applicationMenu = menu;
    post({ kind: 'menu.accelerators', accelerators: pageAccelerators() });
  }

  static getApplicationMenu(): Menu | null {
    return applicationMenu;
  }

  append(item: MenuItem): void {
    this.items.push(item);
  }
}

function* itemsOf(menu: Menu | null): Generator<MenuItem> {
  for (const item of menu?.items ?? []) {
    yield item;
    if (item.submenu) yield* itemsOf(item.submenu);
  }
}

/** The accelerators the page must hand to the menu (editing keys stay with the page). */
export function pageAccelerators(): string[] {
  const out: string[] = [];
  for (const item of itemsOf(applicationMenu)) {
    if (item.accelerator && item.registerAccelerator && item.enabled && !item.inPage) {
      out.push(normaliseAccelerator(item.accelerator, platform()));
    }
  }
  return out;
}

export interface MenuTargets {
  /** BrowserWindow.getFocusedWindow(): a window role does nothing without one (S menu-item-roles.ts execute). */
  focusedWindow(): WindowLike | null;
  quit(): void;
  showAboutPanel(): void;
}

let targets: MenuTargets | null = null;
export function setMenuTargets(value: MenuTargets): void {
  targets = value;
}

/** The role runs first; `click` only when the role did not (S lib/browser/api/menu-item.ts). */
function run(item: MenuItem): void {
  const window = targets?.focusedWindow() ?? null;
  if (!runRole(item, window)) item.click?.(item, window, {});
}

function runRole(item: MenuItem, window: WindowLike | null): boolean {
  if (item.action === 'quit' || item.action === 'about') {
    if (item.action === 'quit') targets?.quit();
    else targets?.showAboutPanel();
    return true;
  }
  if (!item.action || !window) return false;
  switch (item.action) {
    case 'reload':
      window.reload();
      return true;
    case 'close':
      window.close();
      return true;
    case 'minimize':
      window.minimize();
      return true;
    case 'fullscreen':
      window.setFullScreen(!window.isFullScreen());
      return true;
    // The webContents roles act on the focused webContents, here the focused window's page.
    case 'devtools':
      window.webContents.toggleDevTools();
      return true;
    case 'zoomIn':
      window.webContents.zoomLevel += 0.5;
      return true;
    case 'zoomOut':
      window.webContents.zoomLevel -= 0.5;
      return true;
    case 'zoomReset':
      window.webContents.zoomLevel = 0;
      return true;
    default:
      return false;
  }
}

onHostMessage((message) => {
  if (message.kind === 'ipc.accelerator') {
    for (const item of itemsOf(applicationMenu)) {
      if (
        item.accelerator &&
        item.enabled &&
        normaliseAccelerator(item.accelerator, platform()) === message.accelerator
      ) {
        run(item);
        return;
      }
    }
  } else if (message.kind === 'user.menuItem') {
    // A click on a disabled item does nothing (docs/api/menu-item.md § enabled).
    for (const item of itemsOf(applicationMenu)) {
      if (item.id === message.id) {
        if (item.enabled) run(item);
        return;
      }
    }
  } else if (message.kind === 'user.menuRole') {
    const role = message.role.toLowerCase();
    for (const item of itemsOf(applicationMenu)) {
      if (item.role?.toLowerCase() === role) {
        run(item);
        return;
      }
    }
  }
});
