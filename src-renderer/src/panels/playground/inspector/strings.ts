// The Playground inspector's words (i18n/locales/<language>/inspector.json).

import { namespace } from '../../../i18n/index.ts';
import english from '../../../i18n/locales/en/inspector.json' with { type: 'json' };

export const inspectorWords = namespace('inspector', english);
