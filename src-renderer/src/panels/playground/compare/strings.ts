// The Compare view's words (i18n/locales/<language>/compare.json).

import { namespace } from '../../../i18n/index.ts';
import english from '../../../i18n/locales/en/compare.json' with { type: 'json' };

export const compareWords = namespace('compare', english);
