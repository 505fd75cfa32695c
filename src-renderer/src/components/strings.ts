// The shared components' words (i18n/locales/<language>/common.json): default labels, the app's own
// screens (settings that would not load, the keychain question) and the footer under the empty panels.

import { namespace } from '../i18n/index.ts';
import english from '../i18n/locales/en/common.json' with { type: 'json' };

export const commonWords = namespace('common', english);
