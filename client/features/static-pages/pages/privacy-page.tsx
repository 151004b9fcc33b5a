import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'what-we-keep',
    title: 'What we keep',
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your username, first and last name, e-mail address, role, a hash of your
          password (never the password itself), the devices you chose to trust, and your ratings and reviews.
        </li>
        <li>
          <strong>Transfer e-mails:</strong> the addresses you use on ticketing platforms, so sellers can send
          you tickets.
        </li>
        <li>
          <strong>Listings and orders:</strong> the tickets you list or buy, their prices, images and
          barcodes, and the state of each transfer.
        </li>
        <li>
          <strong>Messages:</strong> what you write to other members about a ticket, and to Support.
        </li>
        <li>
          <strong>Payments:</strong> card payments and saved cards are handled by our card payment provider.
          Encore never receives or stores your card number; we keep only the provider's reference, the card
          brand, the last four digits and the expiry date.
        </li>
        <li>
          <strong>Launch updates:</strong> the name and e-mail address you gave on our launch page.
        </li>
      </ul>
    ),
  },
  {
    id: 'why',
    title: 'Why we keep it',
    body: (
      <ul>
        <li>To run your account, sign you in securely and send you verification codes.</li>
        <li>To show listings, complete purchases, hold payments in escrow, pay sellers and issue refunds.</li>
        <li>To let buyers and sellers arrange transfers and to help you when you contact Support.</li>
        <li>To keep the marketplace safe: preventing fraud, double sales and abuse.</li>
        <li>To send the launch e-mail you asked for. We don't sell your data or use it for advertising.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who sees it',
    body: (
      <ul>
        <li>
          Other members see your username, rating and reviews. When you buy a ticket, the seller sees your
          username and the transfer e-mail for that ticket's platform; the buyer sees the seller's username.
        </li>
        <li>Our payment provider processes your payments; our e-mail provider delivers our e-mails.</li>
        <li>Encore staff see what they need to resolve support requests and keep the marketplace safe.</li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>
          We keep account data while your account is open. Records of purchases and payouts are kept as long
          as the law requires for accounting. Sign-in sessions end after 30 days; verification and reset links
          expire within a day.
        </p>
        <p>
          When you close your account we delete or anonymise your personal data, except what we must keep for
          legal reasons. Launch-update sign-ups are deleted once the launch e-mail has been sent or when you
          ask.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords are stored as strong one-way hashes, sign-in sessions use secure cookies, and new devices
        need a code from your e-mail. Ticket barcodes are only shown to the seller and, once the transfer has
        started, the buyer.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices and contact',
    body: (
      <p>
        You can update your details on your Profile page, and ask us for a copy of your data, to correct it or
        to delete it, from the Support page. Please read our{' '}
        <Link to="/terms" className="font-semibold text-primary hover:underline">
          Terms of Service
        </Link>{' '}
        as well.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 22, 2026"
      intro={<p>What Encore keeps about you, why, and for how long.</p>}
      sections={SECTIONS}
    />
  );
}
