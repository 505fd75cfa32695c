// The Settings panel's words (src-renderer/src/i18n/locales/<language>/settings.json).

import type { Say } from '../../../../src-preload/profile-field-rules.ts';
import { namespace } from '../../i18n/index.ts';
import english from '../../i18n/locales/en/settings.json' with { type: 'json' };

export const settingsWords = namespace('settings', english);

/** The form's translator for the profile field rules it shares with main (profile-field-rules.ts). */
export const sayFieldRule: Say = (key, values) => settingsWords.t(key as never, values);
