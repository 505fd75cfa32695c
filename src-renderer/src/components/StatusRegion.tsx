import { useAppStore } from '../store/index.ts';

/**
 * The app's one status region: finished work is said here once, through `announce` (store/announcer.ts).
 * Mounted once, for the app's whole life, so that a screen reader is listening to it before anything is
 * said; visually hidden (toasts and the panels show the same news to the eye).
 */
export function StatusRegion() {
  const text = useAppStore((s) => s.announcement);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="status-region">
      {text}
    </div>
  );
}
