// Building blocks shared by the input schemas of several areas.
import { z } from 'zod';
import { t } from '../../i18n/index.ts';

export const MAX_TEXT = 1_000_000;

export const id = z.string().min(1).max(200);
export const shortText = z.string().max(2_000);
export const modelName = z
  .string()
  .trim()
  .min(1, { error: () => t('errors.input.chooseModel') })
  .max(300);

/** A zod error as one readable sentence for the user (and the developer). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
