// The Transcribe panel's own keys. Ctrl/Cmd+1…4 belong to the shell; Ctrl/Cmd+R is the window's reload in
// the app menu (and would throw a recording away), so recording has a key of its own.
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';

const IS_MAC = MOD_KEY_LABEL === '⌘';

export const RECORD_SHORTCUT_KEYS = [MOD_KEY_LABEL, '⇧', 'M'];
export const ADD_FILES_SHORTCUT_KEYS = [MOD_KEY_LABEL, 'O'];
/** For `aria-keyshortcuts` and tooltips. */
export const RECORD_SHORTCUT_ARIA = IS_MAC ? 'Meta+Shift+M' : 'Control+Shift+M';
export const ADD_FILES_SHORTCUT_ARIA = IS_MAC ? 'Meta+O' : 'Control+O';
export const RECORD_SHORTCUT_TEXT = IS_MAC ? '⇧⌘M' : 'Ctrl+Shift+M';
export const ADD_FILES_SHORTCUT_TEXT = IS_MAC ? '⌘O' : 'Ctrl+O';

function withModifier(event: KeyboardEvent, shift: boolean): boolean {
  const modifier = IS_MAC ? event.metaKey : event.ctrlKey;
  return modifier && event.shiftKey === shift && !event.altKey;
}

export function isRecordShortcut(event: KeyboardEvent): boolean {
  return withModifier(event, true) && event.key.toLowerCase() === 'm';
}

export function isAddFilesShortcut(event: KeyboardEvent): boolean {
  return withModifier(event, false) && event.key.toLowerCase() === 'o';
}
