/**
 * The one switch of the widgets: a checkbox with role="switch". Enter toggles it as Space does (issue #26:
 * Enter on the "Stop loss" switch used to submit a market order at once, without the stop loss); it never
 * reaches the form, so an order is placed only by its button.
 */
import type { InputHTMLAttributes, KeyboardEvent } from 'react';

/** Props of SwitchInput: the input's own attributes, its state and the toggle. */
export type SwitchInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'role' | 'checked' | 'onChange' | 'onToggle'
> & {
  checked: boolean;
  onSwitch(on: boolean): void;
};

/** A switch input; the label around it or `aria-label` names it. */
export function SwitchInput({ checked, onSwitch, onKeyDown, ...native }: SwitchInputProps) {
  return (
    <input
      {...native}
      type="checkbox"
      role="switch"
      checked={checked}
      onChange={(event) => onSwitch(event.target.checked)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(event);
        if (event.key !== 'Enter' || event.defaultPrevented) return;
        event.preventDefault();
        if (!native.disabled) onSwitch(!checked);
      }}
    />
  );
}
