// Updates (the controller the Electron entry installed, src-main/updates/current.ts) and the window's error
// reports (rate-limited into the log). Registers the settings as the diagnostics report's source.
import { setDiagnosticsSettingsSource } from '../../diagnostics/copy-diagnostics.ts';
import { createRendererErrorLog } from '../../diagnostics/error-capture.ts';
import { createLogger } from '../../log.ts';
import { updateController } from '../../updates/current.ts';
import type { maintenanceSchemas } from '../schemas/maintenance.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

export function createMaintenanceHandlers({
  settings,
}: HandlerServices): HandlerGroup<keyof typeof maintenanceSchemas> {
  // The report shows what the window may see of the settings (no key, no header value), read when copied.
  setDiagnosticsSettingsSource(() => settings.state());
  const windowErrors = createRendererErrorLog({ log: createLogger('renderer') });
  return {
    'updates.get': () => updateController().state(),
    'updates.check': () => updateController().check({ userInitiated: true }),
    'updates.download': () => updateController().download(),
    'updates.restart': () => ({ restarting: updateController().restart() }),
    'diagnostics.reportError': (report) => ({ logged: windowErrors.report(report) }),
  };
}
