// The Settings panel's words (src-renderer/src/i18n/locales/<language>/settings.json).

import { namespace } from '../../i18n/index.ts';
import english from '../../i18n/locales/en/settings.json' with { type: 'json' };

export const settingsWords = namespace('settings', english);
