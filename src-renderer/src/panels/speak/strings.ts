// The Speak panel's words (i18n/locales/<language>/speak.json).

import { namespace } from '../../i18n/index.ts';
import english from '../../i18n/locales/en/speak.json' with { type: 'json' };

export const speakWords = namespace('speak', english);
