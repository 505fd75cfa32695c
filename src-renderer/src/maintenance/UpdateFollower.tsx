// Follows main's update state (src-main/updates/update-controller.ts pushes every change as
// `updates.state`; the window only asks) and loads the banner itself only once there is something to show,
// so a window with nothing new carries none of its code.
import { useEffect, useState } from 'react';
import type { Result, UpdateState } from '../../../src-preload/contract.ts';
import { call, subscribe } from '../api.ts';
import { MountWhenNeeded } from '../startup/MountWhenNeeded.tsx';
import { preloadable } from '../startup/preloadable.ts';
import { shouldShowUpdate } from './update-visibility.ts';

const bannerView = preloadable(() =>
  import('./UpdateBannerView.tsx').then((module) => module.UpdateBannerView),
);

export function UpdateFollower() {
  const [state, setState] = useState<UpdateState | null>(null);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let live = true;
    // Whatever main reports next shows again, even the same outcome (a second check from the menu).
    const stop = subscribe('updates.state', (next) => {
      setState(next);
      setHidden(false);
    });
    void call('updates.get').then((result) => {
      // An event that came first is newer than this answer.
      if (live && result.ok) setState((current) => current ?? result.data);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  // Each answer is the state once the check or download has ended; events on the way show its progress.
  const settle = (result: Result<UpdateState>) => {
    if (result.ok) setState(result.data);
  };
  const shown = state !== null && !hidden && shouldShowUpdate(state);
  return (
    <MountWhenNeeded needed={shown}>
      {shown ? (
        <bannerView.Component
          state={state}
          actions={{
            check: () => void call('updates.check').then(settle),
            download: () => void call('updates.download').then(settle),
            restart: () => void call('updates.restart'),
            dismiss: () => setHidden(true),
          }}
        />
      ) : null}
    </MountWhenNeeded>
  );
}
