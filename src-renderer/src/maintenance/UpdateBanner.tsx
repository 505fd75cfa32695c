// The update banner's place above the panel. What fills it waits until the first screen is up (it asks
// main for the state when it mounts, so nothing pushed before is missed): the first screen carries none of
// its code.
import { Suspense } from 'react';
import { useFirstScreenShown } from '../startup/first-screen.ts';
import { preloadable } from '../startup/preloadable.ts';

const follower = preloadable(() => import('./UpdateFollower.tsx').then((module) => module.UpdateFollower));

export function UpdateBanner() {
  const firstScreenShown = useFirstScreenShown();
  return firstScreenShown ? (
    <Suspense fallback={null}>
      <follower.Component />
    </Suspense>
  ) : null;
}
