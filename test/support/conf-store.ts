// The settings store for tests and the browser harness: electron-store's own base library, `conf`,
// which needs no Electron. Same file format and behaviour as the app's store.
import Conf from 'conf';
import type { SettingsStoreFactory } from '../../src-main/services/settings-store.ts';

export const createConfSettingsStore: SettingsStoreFactory = ({ directory, name }) =>
  new Conf<Record<string, unknown>>({ cwd: directory, configName: name, projectName: 'gateway-studio' });
