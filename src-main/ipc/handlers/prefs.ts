// Choices the panels remember between runs.
import { createPrefsService } from '../../services/prefs.ts';
import type { prefsSchemas } from '../schemas/prefs.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

export function createPrefsHandlers({ dataDir }: HandlerServices): HandlerGroup<keyof typeof prefsSchemas> {
  const prefs = createPrefsService({ dataDir });
  return {
    'prefs.get': () => prefs.get(),
    'prefs.update': (patch) => prefs.update(patch),
  };
}
