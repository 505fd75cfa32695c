import { useMemo } from 'react';
import { catalogueModelsOf } from '../../store/catalogue.ts';
import { useAppStore } from '../../store/index.ts';
import { type ModelFormats, modelFormats } from './format-routing.ts';

/**
 * The formats `model` speaks by its profile's catalogue (see format-routing.ts; `undefined`: the active
 * profile), read again when the catalogue arrives or changes.
 */
export function useModelFormats(model: string, profileId?: string): ModelFormats | null {
  const models = useAppStore((s) => catalogueModelsOf(s, profileId));
  return useMemo(() => modelFormats(model, models), [model, models]);
}
