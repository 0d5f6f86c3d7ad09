import { MAX_LINE_QUANTITY } from '@pizzeria/domain';
import { MinusIcon, PlusIcon, TrashIcon } from './cart-icons.tsx';

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Names the group ("Menge von Margherita"). */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  /** At 1 the minus button removes (cart lines) or stops (product dialog, `min` 1). */
  removeLabel?: string;
  size?: 'md' | 'sm';
}

/** − value + for a quantity between 1 and 99; with `removeLabel` the − at 1 becomes a remove button. */
export function QuantityStepper({
  value,
  onChange,
  label,
  decreaseLabel,
  increaseLabel,
  removeLabel,
  size = 'md',
}: QuantityStepperProps) {
  const removes = removeLabel !== undefined && value <= 1;
  return (
    <div className={`stepper stepper-${size}`} role="group" aria-label={label}>
      <button
        type="button"
        className="stepper-button"
        aria-label={removes ? removeLabel : decreaseLabel}
        disabled={!removes && value <= 1}
        onClick={() => onChange(value - 1)}
      >
        {removes ? <TrashIcon /> : <MinusIcon />}
      </button>
      <output className="stepper-value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="stepper-button"
        aria-label={increaseLabel}
        disabled={value >= MAX_LINE_QUANTITY}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon />
      </button>
    </div>
  );
}
