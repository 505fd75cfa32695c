import type { LucideIcon } from 'lucide-react';
import { AudioLines, MessagesSquare, Settings, Speech } from 'lucide-react';
import type { PanelId } from '../store/navigation.ts';

export interface PanelInfo {
  id: PanelId;
  label: string;
  icon: LucideIcon;
  /** The digit of its Ctrl/Cmd shortcut. */
  shortcut: string;
}

export const PANELS: readonly PanelInfo[] = [
  { id: 'transcribe', label: 'Transcribe', icon: AudioLines, shortcut: '1' },
  { id: 'speak', label: 'Speak', icon: Speech, shortcut: '2' },
  { id: 'playground', label: 'Playground', icon: MessagesSquare, shortcut: '3' },
  { id: 'settings', label: 'Settings', icon: Settings, shortcut: '4' },
];
