import { Label } from '@client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { PaymentMethodPicker } from '@client/features/payment-methods/payment-method-picker';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { useId } from 'react';

export interface FanQueueCardChoiceProps {
  buyForMe: boolean;
  onBuyForMeChange(buyForMe: boolean): void;
  /** The saved card chosen for "buy for me"; '' for none. */
  card: string;
  onCardChange(id: string): void;
  error?: string;
}

/**
 * What happens when tickets reach the member (decision 0100): held for them to pay within the offer's
 * minutes, or bought at once with a saved card, which the picker beside it chooses or adds.
 */
export function FanQueueCardChoice({
  buyForMe,
  onBuyForMeChange,
  card,
  onCardChange,
  error,
}: FanQueueCardChoiceProps) {
  const id = useId();
  const options = [
    { value: 'offer', label: FAN_QUEUE_TEXT.howOffer },
    { value: 'buy', label: FAN_QUEUE_TEXT.howBuyForMe },
  ];
  return (
    <div className="grid min-w-0 gap-3">
      <p id={`${id}-legend`} className="text-sm font-medium">
        {FAN_QUEUE_TEXT.howLegend}
      </p>
      <RadioGroup
        aria-labelledby={`${id}-legend`}
        value={buyForMe ? 'buy' : 'offer'}
        onValueChange={(value) => onBuyForMeChange(value === 'buy')}
      >
        {options.map((option) => (
          <div key={option.value} className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-${option.value}`} value={option.value} />
            <Label htmlFor={`${id}-${option.value}`} className="font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </RadioGroup>
      {buyForMe ? (
        <PaymentMethodPicker value={card} onChange={onCardChange} required error={error} stacked />
      ) : null}
    </div>
  );
}
