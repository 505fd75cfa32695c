// Which keys send a message box's text: Enter or Shift+Enter (a setting), and Ctrl/Cmd+Enter always. The
// chat's composer and a comparison's prompt box follow the same rule.
import type { KeyboardEvent } from 'react';

export function isSendKey(event: KeyboardEvent<HTMLTextAreaElement>, enterSends: boolean): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.altKey) return false;
  const modifier = event.ctrlKey || event.metaKey;
  return modifier || (enterSends ? !event.shiftKey : event.shiftKey);
}

/** The keys as the box's hint names them. */
export function sendKeyNames(enterSends: boolean): { send: string; lineBreak: string } {
  return enterSends
    ? { send: 'Enter', lineBreak: 'Shift+Enter' }
    : { send: 'Shift+Enter', lineBreak: 'Enter' };
}
