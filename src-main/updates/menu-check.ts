// The menu's "Check for Updates…": electron-updater is loaded after start (src-main/electron/maintenance.ts),
// so a click may come before it is ready — the check then runs once it is — or after it failed to load,
// when the user is told so rather than met with silence.
import { t } from '../i18n/index.ts';
import type { UpdateController } from './update-controller.ts';

/** `ready` settles with the controller, or with null when the updater could not be loaded. */
export function menuCheck(
  ready: Promise<UpdateController | null>,
  tell: (message: string) => void,
): () => void {
  return () => {
    void ready.then((controller) => {
      if (controller) void controller.check({ userInitiated: true });
      else tell(t('updates.loadFailed'));
    });
  };
}
