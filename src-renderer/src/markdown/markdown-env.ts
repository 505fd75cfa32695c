import { createContext } from 'react';
import type { MarkdownEnv } from './parser.ts';

/** The reply's shared parse environment (its link reference definitions). Stable for a reply's lifetime. */
export const MarkdownEnvContext = createContext<MarkdownEnv>({});
