import { useEffect } from 'react';
import { useAppStore } from '../store/index.ts';
import type { PanelId } from '../store/navigation.ts';
import { focusWhenReady } from '../util/focus.ts';
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
      // Focus follows into the panel shown, not left on the old panel's nav button (or in a field of a
      // panel no longer there, which would drop it to the page).
      void focusPanel(panel.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [showPanel]);
}

/**
 * Focuses the shown panel's heading (its h1, given tabindex -1), or its first control if it has none. The
 * panel's code may still be loading, or the panel be drawn but still hidden (see Shell): waits until its
 * heading is on screen.
 */
export function focusPanel(id: PanelId): Promise<boolean> {
  return focusWhenReady(() => {
    const panel = document.querySelector<HTMLElement>(`main[data-testid="panel-${id}"] [data-panel="${id}"]`);
    if (!panel || panel.querySelector('[data-testid="panel-loading"]')) return null;
    const target =
      panel.querySelector<HTMLElement>('h1') ??
      panel.querySelector<HTMLElement>(
        'button:not([disabled]), input:not([disabled]), textarea, [tabindex="0"]',
      );
    return target?.checkVisibility() ? target : null;
  });
}
