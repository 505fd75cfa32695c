import { z } from 'zod';
import { MAX_REPORTED_MESSAGE, MAX_REPORTED_STACK } from '../../../src-preload/contract.ts';
import type { SchemaGroup } from './index.ts';

// A window's error report is capped: an over-long one is refused whole (a runaway message is not worth
// half a megabyte of log), and the handler rate-limits the rest.
const rendererErrorReport = z
  .object({
    kind: z.enum(['error', 'unhandledrejection']),
    message: z.string().max(MAX_REPORTED_MESSAGE),
    stack: z.string().max(MAX_REPORTED_STACK).optional(),
  })
  .strict();

export const maintenanceSchemas = {
  'updates.get': z.undefined(),
  'updates.check': z.undefined(),
  'updates.download': z.undefined(),
  'updates.restart': z.undefined(),
  'diagnostics.reportError': rendererErrorReport,
} satisfies SchemaGroup;
