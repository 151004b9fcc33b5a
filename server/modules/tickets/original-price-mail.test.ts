import { describe, expect, it } from 'vitest';
import { bidAuthenticationMail, bidEndedMail } from '../bids/mail-templates.js';
import { buyerConfirmationMail } from '../checkout/mail-templates.js';
import { originalPriceParagraphs } from './original-price-mail.js';

/** $120.00 face value, $15.00 original fee: two tickets at $124.20 all-in each, 8% below (decision 0083). */
const ORIGINAL = { faceValueCents: 12_000, serviceFeeCents: 1_500 };
const LINE =
  'Per ticket, all-in: $124.20. 8% below the original price (face value $120.00 + $15.00 original fee).';

describe('e-mails that state a price say how it compares with face value plus the original fee', () => {
  it('divides the amount charged back to the price per ticket, and says nothing without the facts', () => {
    expect(originalPriceParagraphs(24_840, 2, ORIGINAL)).toEqual([LINE]);
    expect(originalPriceParagraphs(24_840, 2, null)).toEqual([]);
  });

  it('in the bid e-mails and the purchase confirmation', () => {
    const bid = { eventName: 'Luna Ray', eventDate: '2030-05-01', quantity: 2, amountCents: 24_840 };
    const paragraphs = (text: string) => text.split('\n\n');
    const authenticate = bidAuthenticationMail(
      'fan@example.com',
      'Ana',
      { ...bid, original: ORIGINAL },
      'https://encore.example/pay',
      new Date('2030-04-01T12:00:00Z'),
    );
    expect(paragraphs(authenticate.text)[2]).toBe(LINE);
    const ended = bidEndedMail(
      'fan@example.com',
      'Ana',
      { ...bid, original: ORIGINAL },
      'Your card was declined.',
      'https://encore.example/my-bids',
    );
    expect(paragraphs(ended.text)[2]).toBe(LINE);
    const bought = buyerConfirmationMail(
      'fan@example.com',
      'Ana',
      {
        eventName: 'Luna Ray',
        eventDate: '2030-05-01',
        quantity: 2,
        section: '101',
        row: 'C',
        seats: '4, 5',
        eventPageUrl: null,
        appUrl: 'https://encore.example',
        original: ORIGINAL,
      },
      24_840,
      'https://encore.example/my-tickets',
    );
    expect(paragraphs(bought.text)).toContain(LINE);
    expect(paragraphs(bought.text)).toContain(
      'Total charged to your card: $248.40 (processing fee included).',
    );
  });
});
