import { z } from 'zod';
import { isExternalLink } from '../../../src-preload/contract.ts';
import { t } from '../../i18n/index.ts';
import { id } from './common.ts';
import type { SchemaGroup } from './index.ts';

/** A new value, or the name of the stored header whose value an edit keeps (the window never holds it). */
const headerValue = z.union([z.string().max(8_000), z.object({ keep: z.string().max(200) }).strict()]);

const headerRecord = z.record(z.string().max(200), headerValue).refine((r) => Object.keys(r).length <= 50, {
  error: () => t('errors.input.tooManyHeaders'),
});

/** A profile's proxy (the rules of its address and sign-in are main's: network/proxy-setting.ts). */
const proxyFields = z.object({
  mode: z.enum(['system', 'none', 'manual']),
  url: z.string().max(2_000).optional(),
  credentials: z
    .object({ username: z.string().max(255), password: z.string().max(255) })
    .nullable()
    .optional(),
});

const profileFields = z.object({
  name: z.string().max(200),
  baseUrl: z.string().max(2_000),
  vendorKeyHeader: z.string().max(200).optional(),
  extraHeaders: headerRecord.optional(),
  uploadLimitMb: z.number().finite().optional(),
  proxy: proxyFields.optional(),
});

const apiKey = z.string().max(8_192);

export const coreSchemas = {
  'app.info': z.undefined(),
  'settings.get': z.undefined(),
  'settings.dismissNotice': z.object({ id }),
  'settings.setPlaintextConsent': z.object({ allow: z.boolean() }),
  'profiles.create': profileFields.extend({ apiKey: apiKey.optional() }),
  'profiles.update': z.object({ id, fields: profileFields }),
  'profiles.duplicate': z.object({ id }),
  'profiles.delete': z.object({ id }),
  'profiles.setActive': z.object({ id }),
  'profiles.setKey': z.object({ id, apiKey }),
  'profiles.removeKey': z.object({ id }),
  'gateway.testConnection': z.object({ profileId: id.optional() }),
  'models.list': z.object({ profileId: id.optional(), refresh: z.boolean().optional() }),
  'stream.stop': z.object({ streamId: id }),
  'shell.openExternal': z.object({
    url: z
      .string()
      .max(8_000)
      .refine(isExternalLink, { error: () => t('errors.input.onlyHttps') }),
  }),
} satisfies SchemaGroup;
