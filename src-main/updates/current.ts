// The app's one update controller, for the IPC handlers. The Electron entry (src-main/index.ts) installs the
// real one; until then, and wherever no Electron runs (the browser e2e harness, unit tests), every request
// answers as a build that cannot update itself, so nothing is ever checked or downloaded there.
import { createLogger } from '../log.ts';
import { createUpdateController, type UpdateController } from './update-controller.ts';

const unsupported = createUpdateController({
  updater: null,
  currentVersion: '0.0.0',
  log: createLogger('updates'),
});

let current: UpdateController = unsupported;

/** Installs the controller the handlers use; `null` goes back to "cannot update" (tests). */
export function setUpdateController(controller: UpdateController | null): void {
  current = controller ?? unsupported;
}

export function updateController(): UpdateController {
  return current;
}
