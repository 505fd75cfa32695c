import { useEffect } from 'react';
import { useAppStore } from '../store/index.ts';
import { PANELS } from './panels.ts';

/** Ctrl+1…4 (Cmd on macOS) switch panels from anywhere, except while a modal dialog asks something. */
export function usePanelShortcuts(): void {
  const showPanel = useAppStore((s) => s.showPanel);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const modifier = event.metaKey || event.ctrlKey;
      if (!modifier || event.altKey || event.shiftKey) return;
      const panel = PANELS.find((p) => p.shortcut === event.key);
      if (!panel) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      showPanel(panel.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [showPanel]);
}
