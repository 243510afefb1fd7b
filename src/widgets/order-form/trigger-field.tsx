import { useId } from 'react';
import type { ReactNode } from 'react';
import { SwitchInput } from '../_shared/switch-input';
import { NumberField } from './number-field';

/** Props of TriggerField. */
export interface TriggerFieldProps {
  name: 'stopLoss' | 'takeProfit';
  label: string;
  on: boolean;
  value: string;
  /** Fraction digits of the price field. */
  decimals: number;
  disabled: boolean;
  decreaseLabel: string;
  increaseLabel: string;
  hint?: ReactNode;
  onSwitch(on: boolean): void;
  onType(text: string): void;
  onCommit(): void;
  onStep(delta: 1 | -1): void;
}

/** A stop loss or take profit: a switch, and the price field while it is on (spec §5). */
export function TriggerField(props: TriggerFieldProps) {
  const id = useId();
  const switchId = `${id}-switch`;
  return (
    <div className="tk-order-form__trigger" data-on={props.on || undefined}>
      <label className="tk-order-form__switch" htmlFor={switchId} part={`switch switch-${props.name}`}>
        <SwitchInput
          id={switchId}
          checked={props.on}
          disabled={props.disabled}
          data-testid={`${props.name}-switch`}
          onSwitch={props.onSwitch}
        />
        <span className="tk-order-form__switch-track" aria-hidden="true" />
        <span>{props.label}</span>
      </label>
      {props.on ? (
        <NumberField
          id={`${id}-input`}
          name={props.name}
          label={props.label}
          hideLabel
          value={props.value}
          decimals={props.decimals}
          disabled={props.disabled}
          decreaseLabel={props.decreaseLabel}
          increaseLabel={props.increaseLabel}
          canDecrease
          canIncrease
          hint={props.hint}
          onType={props.onType}
          onCommit={props.onCommit}
          onStep={props.onStep}
        />
      ) : null}
    </div>
  );
}
