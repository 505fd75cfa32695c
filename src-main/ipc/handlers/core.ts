// App, settings, profiles, the catalogue, stream control and the system browser.
import type { coreSchemas } from '../schemas/core.ts';
import type { HandlerGroup, HandlerServices } from './index.ts';

type CoreMethods = keyof typeof coreSchemas;

export function createCoreHandlers(services: HandlerServices): HandlerGroup<CoreMethods> {
  const { settings, catalogue, streams } = services;
  return {
    'app.info': () => services.appInfo,
    'settings.get': () => settings.state(),
    'settings.dismissNotice': ({ id }) => settings.dismissNotice(id),
    'settings.setPlaintextConsent': ({ allow }) => settings.setPlaintextConsent(allow),
    'profiles.create': (input) => settings.createProfile(input),
    'profiles.update': ({ id, fields }) => settings.updateProfile(id, fields),
    'profiles.duplicate': ({ id }) => settings.duplicateProfile(id),
    'profiles.delete': async ({ id }) => {
      const state = settings.deleteProfile(id);
      await catalogue.forget(id);
      return state;
    },
    'profiles.setActive': ({ id }) => settings.setActive(id),
    'profiles.setKey': ({ id, apiKey }) => settings.setKey(id, apiKey),
    'profiles.removeKey': ({ id }) => settings.removeKey(id),

    'gateway.testConnection': ({ profileId }) => catalogue.testConnection(profileId),
    'models.list': ({ profileId, refresh }) => catalogue.list(profileId, refresh ?? false),

    'stream.stop': ({ streamId }, { ownerId }) => ({ stopped: streams.stop(streamId, ownerId) }),

    'shell.openExternal': async ({ url }) => {
      // electronegativity: OPEN_EXTERNAL_JS_CHECK — the schema admits only https links (`isExternalLink`),
      // and the app's openExternal checks again before shell.openExternal (security.ts).
      await services.openExternal(url);
      return { opened: true };
    },
  };
}
