import { describe, expect, it } from 'vitest';
import { buyerConfirmationMail } from '../checkout/mail-templates.js';
import { transferInitiatedMail } from '../transfers/mail-templates.js';
import { showDayOf } from './show-page.js';

const times = { startTime: '20:00:00', doorsTime: '19:00:00', timeZone: 'America/New_York' };

describe("a sale's e-mails name the show's day and time (decision 0093)", () => {
  it('says the time beside the date when the catalog knows it, the date alone otherwise', () => {
    expect(showDayOf('2030-05-01', times)).toBe('Wednesday, May 1, 2030 at 8:00 PM EDT (doors 7:00 PM)');
    expect(showDayOf('2030-05-01', { ...times, doorsTime: null })).toBe(
      'Wednesday, May 1, 2030 at 8:00 PM EDT',
    );
    expect(showDayOf('2030-05-01', { ...times, startTime: null })).toBe('Wednesday, May 1, 2030');
    expect(showDayOf('2030-05-01', null)).toBe('Wednesday, May 1, 2030');
  });

  it('puts it in the purchase and transfer e-mails', () => {
    const purchase = buyerConfirmationMail(
      'ana@example.com',
      'Ana',
      {
        eventName: 'Aurora Skies',
        eventDate: '2030-05-01',
        quantity: 2,
        section: '101',
        row: 'C',
        seats: '4, 5',
        eventPageUrl: null,
        appUrl: 'https://encore.example',
        times,
      },
      20_000,
      'https://encore.example/my-tickets',
    );
    expect(purchase.text).toContain(
      'You bought 2 tickets for Aurora Skies on Wednesday, May 1, 2030 at 8:00 PM EDT (doors 7:00 PM) (section 101, row C, seats 4, 5).',
    );
    const sent = transferInitiatedMail(
      'ana@example.com',
      'Ana',
      {
        eventName: 'Aurora Skies',
        eventDate: '2030-05-01',
        ticketType: 'paper',
        platformName: null,
        eventPageUrl: null,
        times: { ...times, doorsTime: null },
      },
      'https://encore.example/my-tickets',
    );
    expect(sent.text).toContain(
      'The seller has sent your tickets for Aurora Skies on Wednesday, May 1, 2030 at 8:00 PM EDT.',
    );
  });
});
