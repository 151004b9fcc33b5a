import { cn } from '@client/lib/cn';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { Check } from 'lucide-react';
import { progressSteps, type StepState } from '../card-rules';

const STATE_TEXT: Record<StepState, string> = {
  done: MY_TICKETS_TEXT.stepDone,
  current: MY_TICKETS_TEXT.stepCurrent,
  upcoming: MY_TICKETS_TEXT.stepUpcoming,
};

/** The four Transfer Progress steps of spec 001 §4, as an ordered list. */
export function TransferProgress({ ticket }: { ticket: MyTicket }) {
  const steps = progressSteps(ticket);
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold">{MY_TICKETS_TEXT.transferProgress}</h4>
      <ol className="grid grid-cols-4 gap-1">
        {steps.map((step, index) => (
          <li
            key={step.label}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className="flex flex-col items-center gap-1 text-center"
          >
            <span
              aria-hidden
              className={cn(
                'flex size-7 items-center justify-center rounded-full border-2 text-xs font-semibold',
                step.state === 'done' && 'border-success bg-success text-white',
                step.state === 'current' && 'border-primary bg-primary-soft text-primary',
                step.state === 'upcoming' && 'border-border text-muted-foreground',
              )}
            >
              {step.state === 'done' ? <Check className="size-4" /> : index + 1}
            </span>
            <span
              className={cn(
                'text-xs leading-tight',
                step.state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              {step.label}
              <span className="sr-only"> ({STATE_TEXT[step.state]})</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
