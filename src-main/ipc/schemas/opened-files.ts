import { z } from 'zod';
import type { SchemaGroup } from './index.ts';

export const openedFilesSchemas = {
  'openedFiles.take': z.undefined(),
} satisfies SchemaGroup;
