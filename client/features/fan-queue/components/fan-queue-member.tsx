import type { FanQueueShow } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { FanQueueForm } from './fan-queue-form';
import { FanQueueOffer } from './fan-queue-offer';

export interface FanQueueMemberProps {
  eventName: string;
  show: FanQueueShow;
  /** Called once the member left: their Leave button is gone, so the panel takes the focus. */
  onLeft: () => void;
}

/** The member's place as it moves, an open offer, and the form to join, change or leave (decision 0100). */
export function FanQueueMember({ eventName, show, onLeft }: FanQueueMemberProps) {
  const offer = show.mine?.offer ?? null;
  const position = show.mine?.position;
  const place = offer || position == null ? '' : FAN_QUEUE_TEXT.position(position, show.mine?.quantity ?? 0);
  return (
    <>
      {/* Always there for a member, so a place that moves or an offer that arrives is read out. */}
      <p role="status" className={place ? 'font-medium' : 'sr-only'}>
        {/* An offer is announced here by its title; the offer below shows it. */}
        {offer ? FAN_QUEUE_TEXT.offerTitle : place}
      </p>
      {offer ? <FanQueueOffer offer={offer} /> : null}
      <FanQueueForm eventName={eventName} show={show} onLeft={onLeft} />
    </>
  );
}
