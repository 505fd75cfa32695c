import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders `children` (typically a lazily loaded component) from the first time `needed` is true, and
 * keeps them mounted after, so their code is fetched only by the runs that use it and, once there, they
 * behave as if always mounted (a dialog can play its own close).
 */
export function MountWhenNeeded({ needed, children }: { needed: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(needed);
  // Derived state, set during render: React re-renders at once, before anything is committed.
  if (needed && !mounted) setMounted(true);
  return mounted || needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}
