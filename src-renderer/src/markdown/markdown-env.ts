import { createContext } from 'react';
import { ReferenceBook } from './references.ts';

/**
 * The reply's link reference definitions (see references.ts). Stable for a reply's lifetime; the default
 * serves a block rendered outside a reply, which then has no definitions to use.
 */
export const MarkdownEnvContext = createContext<ReferenceBook>(new ReferenceBook());
