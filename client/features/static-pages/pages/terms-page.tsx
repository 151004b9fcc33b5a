import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'about',
    title: 'About Encore',
    body: (
      <>
        <p>
          Encore is a fan-to-fan marketplace where people resell concert and event tickets to each other.
          Encore is not the seller or the event organiser: sellers list their own tickets, buyers buy them,
          and Encore runs the marketplace, holds payments in escrow and helps both sides complete the
          transfer.
        </p>
        <p>By creating an account or using Encore you agree to these terms.</p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          You must give accurate details, verify your e-mail address and keep your password to yourself.
        </li>
        <li>
          When you sign in on a new device we send a 6-digit code to your e-mail. You may mark a device as
          trusted for 30 days.
        </li>
        <li>You are responsible for everything done with your account. One account per person.</li>
        <li>
          We may suspend or close accounts used for fraud, for listing tickets the seller doesn't hold, or for
          abusing other members.
        </li>
      </ul>
    ),
  },
  {
    id: 'listing',
    title: 'Listing tickets',
    body: (
      <>
        <p>When you list a ticket you confirm that you hold it and are allowed to resell it, and that:</p>
        <ul>
          <li>
            the event, date, section, row, seats, quantity and ticket type you enter are correct, and any
            image you upload shows the actual ticket;
          </li>
          <li>
            your listing price is the face value plus the original service fee, adjusted by the markup you
            choose (from −100% to +50%);
          </li>
          <li>you will transfer the tickets promptly once they are sold.</li>
        </ul>
        <p>
          New listings can take up to four minutes to appear and edits a few minutes. You may edit or delete a
          listing until it is sold; once a ticket has been purchased the listing can no longer be cancelled.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees',
    body: (
      <>
        <p>Encore's fees are shown before you commit to anything.</p>
        <ul>
          <li>
            <strong>Sellers</strong> pay a platform fee that depends on the markup. At list price (0% markup)
            it is 7.2% of the sale. Pricing below face value lowers it, down to 6% at the lowest price;
            pricing above face value raises it, up to 30% at a markup of +50%. Sellers receive the sale total
            minus the platform fee and the 1.95% card processing fee. The listing form shows every figure
            before you list.
          </li>
          <li>
            <strong>Buyers</strong> pay a card processing fee of 1.95% on top of the listing price. Every
            price a buyer sees is the all-in price, fee included; nothing is added at checkout.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'buying',
    title: 'Buying and escrow',
    body: (
      <>
        <p>
          Payment is made by card through the hosted checkout of our payment provider. While you complete a
          purchase the ticket is reserved for you for a short time so nobody else can buy it.
        </p>
        <p>
          Your payment is held in escrow: the seller is not paid when you buy. Once the seller has transferred
          the tickets and you confirm receipt, both of you can review each other. The seller is paid three
          days after the event.
        </p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'Transferring tickets',
    body: (
      <ul>
        <li>
          Digital tickets are transferred through the ticketing platform they were bought on, to the transfer
          e-mail address the buyer keeps in their profile.
        </li>
        <li>
          Paper and PDF tickets are transferred by the seller uploading the ticket's barcode, which the buyer
          can download once the transfer has started, or by delivery agreed through Encore's messages.
        </li>
        <li>
          Some events do not allow transfers until 7 to 10 days before the event. Buyer and seller should keep
          in touch through the ticket's messages until then.
        </li>
      </ul>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>The buyer gets a full refund, including the processing fee, when:</p>
        <ul>
          <li>the seller cannot deliver the tickets, or the tickets delivered are not the ones listed;</li>
          <li>
            a payment cannot be fulfilled, for example because someone else completed their purchase of the
            same ticket a moment earlier.
          </li>
        </ul>
        <p>
          Refunds go back to the card used. If something went wrong with your order, contact Support before
          confirming receipt.
        </p>
      </>
    ),
  },
  {
    id: 'bids',
    title: 'Automatic-purchase bids',
    body: (
      <p>
        A bid tells Encore the most you will pay for tickets to an event. When a matching ticket is listed at
        or below your maximum, Encore buys it for you with the saved card you chose, without asking again.
        Cancel a bid at any time before it is matched. You can have at most two active bids.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Reviews and conduct',
    body: (
      <p>
        Reviews must be honest and about the transaction. Messages to other members and to Support must be
        respectful. Don't use Encore to contact members outside a transaction, to sell tickets off the
        platform, or to share anyone's personal details.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms as Encore grows and will tell members about important changes. Questions?
        Signed-in members can write to us from the Support page. See also our{' '}
        <Link to="/privacy" className="font-semibold text-primary hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 22, 2026"
      intro={<p>The rules for buying and selling tickets on Encore, written to be read.</p>}
      sections={SECTIONS}
    />
  );
}
