import type { KeyboardEvent, ReactNode } from 'react';

/** Props of NumberField. */
export interface NumberFieldProps {
  /** Unique DOM id of the input (useId-based). */
  id: string;
  /** Stable field name for `part` and `data-testid`, e.g. `volume`. */
  name: string;
  label: string;
  value: string;
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
  onType(text: string): void;
  /** Blur or Enter: the field's rule runs. */
  onCommit(): void;
  onStep(delta: 1 | -1): void;
}

/**
 * A decimal input with −/+ step buttons (spec §5 numeric input). ArrowUp/ArrowDown step like a spin
 * button; Enter and blur commit the value so the rules (and their clamps) apply once per edit.
 */
export function NumberField(props: NumberFieldProps) {
  const { id, name, label, value, disabled = false, hint } = props;
  const hintId = hint ? `${id}-hint` : undefined;
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
          id={id}
          className="tk-order-form__input tk-num"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          aria-describedby={hintId}
          data-testid={name}
          onChange={(event) => props.onType(event.target.value)}
          onBlur={props.onCommit}
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
      {hint ? (
        <div id={hintId} className="tk-order-form__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
