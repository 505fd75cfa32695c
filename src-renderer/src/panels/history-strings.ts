// The saved lists' words: the transcript history and the speech history (i18n/locales/<language>/history.json).

import { namespace } from '../i18n/index.ts';
import english from '../i18n/locales/en/history.json' with { type: 'json' };

export const historyWords = namespace('history', english);
