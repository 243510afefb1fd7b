import type { KeyboardEvent, ReactNode } from 'react';
import { AmountMessage, useAmountField } from '../_shared/amount-input';

/** Props of NumberField. */
export interface NumberFieldProps {
  /** Unique DOM id of the input (useId-based). */
  id: string;
  /** Stable field name for `part` and `data-testid`, e.g. `volume`. */
  name: string;
  label: string;
  value: string;
  /** Fraction digits the field takes; more are refused with a message, never cut (issue #26). */
  decimals: number;
  disabled?: boolean;
  /** Keep the label for assistive technology only (a visible caption is next to the field). */
  hideLabel?: boolean;
  /** Labels of the step buttons, e.g. "Decrease volume". */
  decreaseLabel: string;
  increaseLabel: string;
  canDecrease: boolean;
  canIncrease: boolean;
  /** Text under the field (hint or estimate), linked with aria-describedby. */
  hint?: ReactNode;
  /**
   * The field will have a hint once what it depends on arrives (the volume's range with the product): its line is
   * kept empty until then, so that nothing under the field moves down when it comes (EK41).
   */
  hintPending?: boolean;
  onType(text: string): void;
  /** Blur or Enter: the field's rule runs. */
  onCommit(): void;
  onStep(delta: 1 | -1): void;
}

/**
 * A decimal input with −/+ step buttons (spec §5 numeric input), on the shared amount input: what was typed
 * stays, and a text that is not a number of `decimals` digits says why under the field. ArrowUp/ArrowDown
 * step like a spin button; Enter and blur commit the value so the rules (and their clamps) apply once per edit.
 */
export function NumberField(props: NumberFieldProps) {
  const { id, name, label, value, disabled = false, hint } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const field = useAmountField({
    value,
    decimals: props.decimals,
    onValue: (text) => props.onType(text),
    onCommit: props.onCommit,
    describedBy: hintId,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the field's rules; it never sends the order (that takes the trade button).
    if (event.key === 'Enter') {
      event.preventDefault();
      props.onCommit();
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const delta = event.key === 'ArrowUp' ? 1 : -1;
      if (delta > 0 ? props.canIncrease : props.canDecrease) props.onStep(delta);
    }
  };
  return (
    <div className="tk-order-form__field" part={`field field-${name}`}>
      <label className={props.hideLabel ? 'tk-visually-hidden' : 'tk-order-form__label'} htmlFor={id}>
        {label}
      </label>
      <div className="tk-order-form__stepper">
        <button
          type="button"
          className="tk-order-form__step"
          aria-label={props.decreaseLabel}
          aria-controls={id}
          disabled={disabled || !props.canDecrease}
          onClick={() => props.onStep(-1)}
        >
          −
        </button>
        <input
          {...field.inputProps}
          id={id}
          className="tk-order-form__input tk-num"
          inputMode="decimal"
          disabled={disabled}
          data-testid={name}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="tk-order-form__step"
          aria-label={props.increaseLabel}
          aria-controls={id}
          disabled={disabled || !props.canIncrease}
          onClick={() => props.onStep(1)}
        >
          +
        </button>
      </div>
      <AmountMessage field={field} />
      {hint ? (
        <div id={hintId} className="tk-order-form__hint">
          {hint}
        </div>
      ) : props.hintPending ? (
        <div className="tk-order-form__hint" aria-hidden="true" data-testid={`${name}-hint-pending`}>
          {'\u00a0'}
        </div>
      ) : null}
    </div>
  );
}
