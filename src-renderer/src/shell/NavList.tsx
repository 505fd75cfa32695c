import { type KeyboardEvent, useRef } from 'react';
import { Kbd, MOD_KEY_LABEL } from '../components/Kbd.tsx';
import { useAppStore } from '../store/index.ts';
import { PANELS } from './panels.ts';
import { shellWords } from './strings.ts';

/**
 * The panel list. One tab stop (the current panel); arrow keys, Home and End move focus within it,
 * Enter or Space opens the focused panel — the usual pattern for a vertical toolbar of views.
 */
export function NavList() {
  const t = shellWords.useT();
  const panel = useAppStore((s) => s.panel);
  const showPanel = useAppStore((s) => s.showPanel);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = PANELS.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <nav className="nav" aria-label={t('nav')}>
      <ul className="nav__list">
        {PANELS.map((item, index) => {
          const current = item.id === panel;
          return (
            <li key={item.id}>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                className="nav__item"
                aria-current={current ? 'page' : undefined}
                tabIndex={current ? 0 : -1}
                data-testid={`nav-${item.id}`}
                onClick={() => showPanel(item.id)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <item.icon size={17} aria-hidden className="nav__icon" />
                <span className="nav__label">{t(`panels.${item.id}`)}</span>
                <span className="nav__shortcut">
                  <Kbd keys={[MOD_KEY_LABEL, item.shortcut]} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
