// The two screens a window can open on, each in a chunk of its own: a first run does not load the shell
// before showing its welcome, and an ordinary start never loads the welcome.
import { preloadable } from './startup/preloadable.ts';

export const SCREENS = {
  welcome: preloadable(() => import('./welcome/Welcome.tsx').then((module) => module.Welcome)),
  shell: preloadable(() => import('./shell/Shell.tsx').then((module) => module.Shell)),
};
