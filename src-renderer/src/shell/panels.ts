import type { LucideIcon } from 'lucide-react';
import { AudioLines, MessagesSquare, Settings, Speech } from 'lucide-react';
import type { PanelId } from '../store/navigation.ts';

export interface PanelInfo {
  id: PanelId;
  icon: LucideIcon;
  /** The digit of its Ctrl/Cmd shortcut. */
  shortcut: string;
  /**
   * `page`: the content area scrolls as one page with padding around it. `fill`: the panel takes the
   * whole area and scrolls its own parts (the Playground's messages, list and parameters).
   */
  layout: 'page' | 'fill';
}

export const PANELS: readonly PanelInfo[] = [
  { id: 'transcribe', icon: AudioLines, shortcut: '1', layout: 'page' },
  { id: 'speak', icon: Speech, shortcut: '2', layout: 'page' },
  { id: 'playground', icon: MessagesSquare, shortcut: '3', layout: 'fill' },
  { id: 'settings', icon: Settings, shortcut: '4', layout: 'page' },
];
