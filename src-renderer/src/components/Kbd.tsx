import './Kbd.css';

const IS_MAC = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

/** The platform's name for the modifier used by the app's shortcuts. */
export const MOD_KEY_LABEL = IS_MAC ? '⌘' : 'Ctrl';

export function Kbd({ keys }: { keys: string[] }) {
  return (
    <span className="kbd" aria-hidden>
      {keys.map((key) => (
        <kbd key={key}>{key}</kbd>
      ))}
    </span>
  );
}
