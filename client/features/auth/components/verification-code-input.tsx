import { Button } from '@client/components/ui/button';
import { VERIFICATION_CODE_LENGTH } from '@common/constants';
import { AUTH_SCREEN_TEXT } from '@common/messages';
import { Eraser } from 'lucide-react';
import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

export const EMPTY_CODE: readonly string[] = Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Fills the boxes from the left with the digits of `text`; the rest stay empty. */
function fillFromLeft(text: string): string[] {
  const digits = digitsOf(text).slice(0, VERIFICATION_CODE_LENGTH);
  return EMPTY_CODE.map((_, index) => digits[index] ?? '');
}

interface VerificationCodeInputProps {
  digits: readonly string[];
  onDigitsChange(digits: string[]): void;
  /** Called once the last empty box gets its digit. */
  onComplete(code: string): void;
  labelledBy: string;
  describedBy?: string;
}

/**
 * Six boxes, one digit each (spec 000 §5 'Verification code'): typing moves on, Backspace
 * moves back, a paste keeps only its digits and fills from the left, and the code is handed
 * over as soon as every box holds a digit.
 */
export function VerificationCodeInput({
  digits,
  onDigitsChange,
  onComplete,
  labelledBy,
  describedBy,
}: VerificationCodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, VERIFICATION_CODE_LENGTH - 1))];
    box?.focus();
    box?.select();
  };

  function update(next: string[]) {
    onDigitsChange(next);
    if (next.every((digit) => digit !== '')) onComplete(next.join(''));
  }

  function fill(text: string) {
    const next = fillFromLeft(text);
    const firstEmpty = next.indexOf('');
    focusBox(firstEmpty === -1 ? VERIFICATION_CODE_LENGTH - 1 : firstEmpty);
    update(next);
  }

  function handleChange(index: number, event: ChangeEvent<HTMLInputElement>) {
    const { value, selectionStart } = event.target;
    const typed = digitsOf(value);
    // A whole code arriving in one box (one-time-code autofill) is spread like a paste.
    if (typed.length > 2) {
      fill(value);
      return;
    }
    // Otherwise keep the digit just typed: the one before the caret.
    const beforeCaret = value.charAt((selectionStart ?? value.length) - 1);
    const digit = /\d/.test(beforeCaret) ? beforeCaret : (typed.at(-1) ?? '');
    if (value !== '' && digit === '') return;
    const next = [...digits];
    next[index] = digit;
    if (digit !== '' && index < VERIFICATION_CODE_LENGTH - 1) focusBox(index + 1);
    update(next);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onDigitsChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < VERIFICATION_CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(event.clipboardData.getData('text'));
  }

  function clear() {
    onDigitsChange([...EMPTY_CODE]);
    focusBox(0);
  }

  return (
    <div className="flex flex-col items-center gap-3">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own legend and border */}
      <div
        role="group"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className="flex justify-center gap-2 sm:gap-2.5"
      >
        {digits.map((digit, index) => (
          <input
            // The boxes never reorder; the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            value={digit}
            onChange={(event) => handleChange(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={handlePaste}
            onFocus={(event) => event.target.select()}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this screen
            autoFocus={index === 0}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${VERIFICATION_CODE_LENGTH}`}
            className="h-12 w-10 rounded-lg border border-input bg-surface text-center text-xl font-semibold tabular-nums text-foreground shadow-sm transition-colors focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:h-14 sm:w-12 sm:text-2xl"
          />
        ))}
      </div>
      <Button variant="ghost" size="sm" onClick={clear} disabled={digits.every((digit) => digit === '')}>
        <Eraser aria-hidden />
        {AUTH_SCREEN_TEXT.clear}
      </Button>
    </div>
  );
}
