// A sentence with markup inside it ("The key ending in <mono>{{tail}}</mono> is deleted…"): translated
// whole, so each language may put the marked words where its grammar wants them. Its own module, so that
// react-i18next's Trans loads with the panels that need it, not with the first screen.
import type { ReactElement } from 'react';
import { Trans } from 'react-i18next';
import type { CatalogueKey } from '../../../src-preload/contract.ts';
import type { Words } from './index.ts';

export function Rich<Catalogue>({
  words,
  k,
  values,
  components,
}: {
  words: Words<Catalogue>;
  k: CatalogueKey<Catalogue>;
  values?: Record<string, string | number>;
  /** The elements the catalogue's `<name>…</name>` tags stand for. */
  components: Record<string, ReactElement>;
}) {
  return <Trans ns={words.name} i18nKey={k} values={values} components={components} />;
}
