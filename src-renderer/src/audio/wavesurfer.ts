// wavesurfer.js (and its record plugin) is fetched at idle by the panels that draw waveforms, or the first
// time one is drawn, not when the window opens: no first screen shows one. A player still waiting for it
// shows its own "loading" state and the recorder its "starting" one.
import { useEffect, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import type RecordPlugin from 'wavesurfer.js/dist/plugins/record.esm.js';

export interface WaveSurferModules {
  WaveSurfer: typeof WaveSurfer;
  RecordPlugin: typeof RecordPlugin;
}

let loaded: WaveSurferModules | null = null;
let loading: Promise<WaveSurferModules> | null = null;

function loadWaveSurfer(): Promise<WaveSurferModules> {
  loading ??= Promise.all([import('wavesurfer.js'), import('wavesurfer.js/dist/plugins/record.esm.js')]).then(
    ([surfer, record]) => {
      loaded = { WaveSurfer: surfer.default, RecordPlugin: record.default };
      return loaded;
    },
    (error: unknown) => {
      // The next player to mount tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** For a panel that will soon draw a waveform: fetch the modules at idle (see prefetchAtIdle). */
export const waveSurferModules = { preload: () => loadWaveSurfer().then(() => undefined) };

/**
 * The wavesurfer modules: null while they load, `'failed'` if they could not be. Once loaded, every
 * later caller has them from its first render.
 */
export function useWaveSurfer(): WaveSurferModules | 'failed' | null {
  const [modules, setModules] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (modules) return;
    let current = true;
    loadWaveSurfer().then(
      (result) => {
        if (current) setModules(result);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [modules]);
  return modules ?? (failed ? 'failed' : null);
}
