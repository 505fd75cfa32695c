// The Playground's parameters and setup words: the Parameters panel, structured output, images, the setup
// row (i18n/locales/<language>/parameters.json).

import { namespace } from '../../i18n/index.ts';
import english from '../../i18n/locales/en/parameters.json' with { type: 'json' };

export const parametersWords = namespace('parameters', english);

/** A key of the parameters catalogue, for tables that keep the key and translate at render. */
export type ParametersKey = Parameters<typeof parametersWords.t>[0];
