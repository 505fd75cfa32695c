import { MAX_TITLE_LENGTH } from '../../../../src-preload/contract.ts';
import { parametersWords } from './parameters-strings.ts';

/** The inline editor of a conversation's title: Enter or leaving the field saves, Esc cancels. */
export function TitleInput({
  value,
  onChange,
  onFinish,
  className,
  testId,
}: {
  value: string;
  onChange(value: string): void;
  onFinish(save: boolean): void;
  className: string;
  testId: string;
}) {
  const t = parametersWords.useT();
  return (
    <input
      className={`input ${className}`}
      value={value}
      aria-label={t('setup.conversationTitle')}
      autoFocus
      onFocus={(event) => event.target.select()}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => onFinish(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onFinish(true);
        else if (event.key === 'Escape') {
          event.preventDefault();
          onFinish(false);
        }
      }}
      // Main refuses a longer title: the field never lets one be typed.
      maxLength={MAX_TITLE_LENGTH}
      data-testid={testId}
    />
  );
}
