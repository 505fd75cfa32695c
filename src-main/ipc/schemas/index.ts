// Input schemas of every IPC method, grouped by area. Arguments arrive as `unknown` from a renderer we do
// not trust blindly; each is parsed before any service sees it. The mapped type makes the table complete:
// a method in the contract without a schema fails to compile.
import type { z } from 'zod';
import type { MethodInput, MethodName } from '../../../src-preload/contract.ts';
import { audioSchemas } from './audio.ts';
import { chatSchemas } from './chat.ts';
import { chatImagesSchemas } from './chat-images.ts';
import { conversationsSchemas } from './conversations.ts';
import { coreSchemas } from './core.ts';
import { maintenanceSchemas } from './maintenance.ts';
import { openedFilesSchemas } from './opened-files.ts';
import { prefsSchemas } from './prefs.ts';
import { speechSchemas } from './speech.ts';

export type Schemas = { [M in MethodName]: z.ZodType<MethodInput<M>> };
/**
 * The schemas of one area's methods; each area module exports one. Its keys are that area's method list
 * (the handler module takes its list from them), and `inputSchemas` below checks that all areas together
 * cover the contract.
 */
export type SchemaGroup = Partial<Schemas>;

export const inputSchemas: Schemas = {
  ...coreSchemas,
  ...prefsSchemas,
  ...audioSchemas,
  ...speechSchemas,
  ...chatSchemas,
  ...chatImagesSchemas,
  ...conversationsSchemas,
  ...maintenanceSchemas,
  ...openedFilesSchemas,
};

export { describeIssues } from './common.ts';
