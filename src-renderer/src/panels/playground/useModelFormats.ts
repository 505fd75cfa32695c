import { useMemo } from 'react';
import { activeCatalogueModels } from '../../store/catalogue.ts';
import { useAppStore } from '../../store/index.ts';
import { type ModelFormats, modelFormats } from './format-routing.ts';

/** The formats `model` speaks (see format-routing.ts), read again when the catalogue arrives or changes. */
export function useModelFormats(model: string): ModelFormats | null {
  const models = useAppStore(activeCatalogueModels);
  return useMemo(() => modelFormats(model, models), [model, models]);
}
