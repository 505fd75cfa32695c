// Choices the panels remember between runs.
import { createPrefsService } from '../../services/prefs.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

export function createPrefsHandlers({
  dataDir,
}: HandlerServices): HandlerGroup<'prefs.get' | 'prefs.update'> {
  const prefs = createPrefsService({ dataDir });
  return {
    'prefs.get': () => prefs.get(),
    'prefs.update': (patch) => prefs.update(patch),
  };
}
