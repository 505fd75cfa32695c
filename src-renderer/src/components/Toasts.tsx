import { Suspense, useEffect } from 'react';
import { prefetchAfterFirstScreen } from '../startup/prefetch.ts';
import { preloadable } from '../startup/preloadable.ts';
import { useAppStore } from '../store/index.ts';
import { commonWords } from './strings.ts';
import './Toasts.css';

// Not needed for the first screen: fetched at idle after it, or with the first toast if that comes sooner.
const toastItem = preloadable(() => import('./ToastItem.tsx').then((module) => module.ToastItem));

export function Toasts() {
  const t = commonWords.useT();
  const toasts = useAppStore((s) => s.toasts);
  useEffect(() => prefetchAfterFirstScreen([toastItem]), []);
  return (
    <section className="toasts" aria-label={t('notifications')}>
      <Suspense fallback={null}>
        {toasts.map((toast) => (
          <toastItem.Component key={toast.id} toast={toast} />
        ))}
      </Suspense>
    </section>
  );
}
