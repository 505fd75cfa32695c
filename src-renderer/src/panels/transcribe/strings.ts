// The Transcribe panel's words (i18n/locales/<language>/transcribe.json).

import { namespace } from '../../i18n/index.ts';
import english from '../../i18n/locales/en/transcribe.json' with { type: 'json' };

export const transcribeWords = namespace('transcribe', english);
