// The shell's words: panel names, navigation, the profile switcher (i18n/locales/<language>/shell.json).

import { namespace } from '../i18n/index.ts';
import english from '../i18n/locales/en/shell.json' with { type: 'json' };

export const shellWords = namespace('shell', english);

/** The product's name: a name, the same in every language. */
export const APP_NAME = 'Gateway Studio';
