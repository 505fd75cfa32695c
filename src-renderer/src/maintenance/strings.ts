// What the update banner says (i18n/locales/<language>/updates.json). Its own module, so that only the
// banner's chunk carries it (it loads once there is something to show).

import { namespace } from '../i18n/index.ts';
import english from '../i18n/locales/en/updates.json' with { type: 'json' };

export const updateWords = namespace('updates', english);

export type UpdateCatalogue = typeof english;
