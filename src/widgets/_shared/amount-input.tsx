/**
 * The one numeric amount input of every money field (spec §5, issue #26). The field shows what was typed,
 * rewritten only in ways that keep the number (core/domain/amount-input.ts), and says under itself why it
 * cannot be sent: never a dropped point or digit. While an IME composes (Japanese, Chinese, Korean, Thai
 * keyboards), the text is left alone and normalized once the composition ends.
 */
import { useId, useRef } from 'react';
import type { CompositionEvent, InputHTMLAttributes, KeyboardEvent } from 'react';
import { amountIssue, amountIssueMessage, editAmount } from '../../core/domain/amount-input';
import type { AmountRules, AmountState } from '../../core/domain/amount-input';
import amountCss from './amount-input.css?inline';
import { useT } from './use-t';
import { usePartCss } from './widget-host';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'inputMode' | 'maxLength' | 'pattern'
>;

/** Options of useAmountField. */
export interface AmountFieldOptions extends AmountRules {
  /** The text the field holds (the form's state). */
  value: string;
  /** Every edit: the text to hold and why it cannot be sent (null while composing or when it can). */
  onValue(text: string, state: AmountState): void;
  /** Blur or Enter (Enter never submits the form from an amount with a commit). */
  onCommit?: () => void;
  /** A message of the form's own rules about this amount (range, clamp, balance): shown in the same place. */
  message?: string | null;
  /** Ids of other texts that describe the field (a hint, a range). */
  describedBy?: string;
}

/** What a field renders: the input's props, and the message under it (null for none) with its id. */
export interface AmountField {
  inputProps: InputHTMLAttributes<HTMLInputElement> & { 'data-invalid'?: true };
  message: string | null;
  messageId: string;
}

/** The behaviour of an amount input, for a field that lays its input and message out itself (a stepper). */
export function useAmountField(options: AmountFieldOptions): AmountField {
  usePartCss('amount-input', amountCss);
  const t = useT();
  const messageId = useId();
  const composing = useRef(false);
  const rules: AmountRules = {
    decimals: options.decimals,
    ...(options.maxWholeDigits !== undefined ? { maxWholeDigits: options.maxWholeDigits } : {}),
  };
  const issue = composing.current ? null : amountIssue(options.value, rules);
  const issueText = issue ? t(amountIssueMessage(issue).key, amountIssueMessage(issue).vars) : null;
  const message = issueText ?? options.message ?? null;
  const emit = (raw: string, composed: boolean) => {
    if (composed) options.onValue(raw, { text: raw, issue: null });
    else {
      const state = editAmount(raw, rules);
      options.onValue(state.text, state);
    }
  };
  const describedBy = [options.describedBy, message ? messageId : undefined].filter(Boolean).join(' ');
  return {
    message,
    messageId,
    inputProps: {
      type: 'text',
      inputMode: options.decimals > 0 ? 'decimal' : 'numeric',
      autoComplete: 'off',
      spellCheck: false,
      value: options.value,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy || undefined,
      ...(message ? { 'data-invalid': true as const } : {}),
      onChange: (event) => emit(event.target.value, composing.current),
      onCompositionStart: () => {
        composing.current = true;
      },
      onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
        composing.current = false;
        emit(event.currentTarget.value, false);
      },
      onBlur: () => options.onCommit?.(),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter' || !options.onCommit || event.nativeEvent.isComposing) return;
        event.preventDefault();
        options.onCommit();
      },
    },
  };
}

/** The message under an amount field (an alert, so it is heard when it appears). */
export function AmountMessage({ field, className }: { field: AmountField; className?: string }) {
  if (!field.message) return null;
  return (
    <span
      id={field.messageId}
      className={className ? `tk-amount__message ${className}` : 'tk-amount__message'}
      role="alert"
      part="amount-message"
    >
      {field.message}
    </span>
  );
}

/** Props of AmountInput: the rules and callbacks of useAmountField plus the input's own attributes. */
export type AmountInputProps = AmountFieldOptions &
  NativeProps & {
    /** Class of the message under the input. */
    messageClassName?: string;
  };

/** An amount input with its message under it. */
export function AmountInput(props: AmountInputProps) {
  const {
    value,
    decimals,
    maxWholeDigits,
    onValue,
    onCommit,
    message,
    describedBy,
    messageClassName,
    ...native
  } = props;
  const field = useAmountField({
    value,
    decimals,
    onValue,
    ...(maxWholeDigits !== undefined ? { maxWholeDigits } : {}),
    ...(onCommit ? { onCommit } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(describedBy !== undefined ? { describedBy } : {}),
  });
  return (
    <>
      <input
        {...native}
        {...field.inputProps}
        aria-invalid={field.inputProps['aria-invalid'] ?? native['aria-invalid']}
      />
      <AmountMessage field={field} {...(messageClassName ? { className: messageClassName } : {})} />
    </>
  );
}
