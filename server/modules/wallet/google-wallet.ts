import { createSign } from 'node:crypto';
import { WALLET_TEXT } from '../../../common/texts/wallet.js';
import {
  addDays,
  formatCalendarDate,
  isoWithOffset,
  lastDayOf,
  localMidnight,
} from '../../../common/venue-time.js';
import type { GoogleWalletSettings } from '../../config.js';
import { Conflict } from '../../errors.js';
import type { BoughtTicket } from './bought-ticket.js';
import { locationOf } from './ics.js';
import type { TicketBarcode } from './ticket-barcodes.js';

/** Where a signed JWT is saved: Google's "Add to Google Wallet" page (nothing is sent from Encore). */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** ZXing's symbologies as Google Wallet's barcode types (Micro QR has none). */
const GOOGLE_FORMATS: Record<string, string> = {
  QRCode: 'QR_CODE',
  PDF417: 'PDF_417',
  Aztec: 'AZTEC',
  Code128: 'CODE_128',
  DataMatrix: 'DATA_MATRIX',
};

const localized = (value: string) => ({ defaultValue: { language: 'en-US', value } });
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An id's own part: letters, digits, '.', '_' or '-' after the issuer id (Google's rule). */
function walletId(settings: GoogleWalletSettings, own: string): string {
  return `${settings.issuerId}.${own.replace(/[^\w.-]/g, '_')}`;
}

/** The event ticket class (one per catalog show, else per ticket) and one object per barcode. */
export function googleWalletPayload(
  settings: GoogleWalletSettings,
  ticket: BoughtTicket,
  barcodes: TicketBarcode[],
  ticketUrl: string,
) {
  const supported = barcodes.filter((barcode) => GOOGLE_FORMATS[barcode.format]);
  if (supported.length === 0) throw new Conflict(WALLET_TEXT.barcodeUnsupported);
  const classId = walletId(
    settings,
    ticket.eventId === null ? `encore-ticket-${ticket.id}` : `encore-event-${ticket.eventId}`,
  );
  const last = lastDayOf(ticket.date, Math.max(1, ticket.daysCount));
  const eventClass = {
    id: classId,
    issuerName: 'Encore',
    reviewStatus: 'UNDER_REVIEW',
    eventName: localized(ticket.eventName),
    eventId: ticket.eventId === null ? `ticket-${ticket.id}` : `event-${ticket.eventId}`,
    venue: {
      name: localized(ticket.venueName || '—'),
      ...(ticket.address.length > 0
        ? { address: localized(locationOf({ venueName: '', address: ticket.address })) }
        : {}),
    },
    ...(ticket.startTime
      ? {
          dateTime: {
            start: isoWithOffset(ticket.date, ticket.startTime, ticket.timeZone),
            ...(ticket.doorsTime
              ? { doorsOpen: isoWithOffset(ticket.date, ticket.doorsTime, ticket.timeZone) }
              : {}),
          },
        }
      : {}),
    hexBackgroundColor: '#5b21b6',
  };
  const objects = supported.map((barcode, index) => ({
    id: walletId(
      settings,
      supported.length === 1 ? `encore-ticket-${ticket.id}` : `encore-ticket-${ticket.id}-${index + 1}`,
    ),
    classId,
    state: ticket.cancelled ? 'INACTIVE' : 'ACTIVE',
    seatInfo: {
      section: localized(ticket.section),
      row: localized(ticket.row),
      seat: localized(ticket.seats),
    },
    ticketNumber: supported.length === 1 ? String(ticket.id) : `${ticket.id}-${index + 1}`,
    barcode: { type: GOOGLE_FORMATS[barcode.format], value: barcode.message },
    // Shown until the venue's midnight at the end of the show's last day, then moved to expired passes.
    validTimeInterval: { end: { date: localMidnight(addDays(last, 1), ticket.timeZone).toISOString() } },
    textModulesData: [
      { id: 'date', header: 'Date', body: formatCalendarDate(ticket.date) },
      ...(supported.length > 1
        ? [{ id: 'of', header: 'Ticket', body: `${index + 1} of ${supported.length}` }]
        : []),
    ],
    linksModuleData: {
      uris: [{ id: 'ticket', uri: ticketUrl, description: WALLET_TEXT.calendarDescription }],
    },
  }));
  return { eventTicketClasses: [eventClass], eventTicketObjects: objects };
}

/**
 * The "Save to Google Wallet" link of a ticket (decision 0096): a JWT signed RS256 with the service
 * account's key, whose payload carries the class and the objects ("skinny" JWTs need them created through
 * the API first; these insert them when the fan saves). Nothing is sent to Google from Encore.
 */
export function googleSaveUrl(
  settings: GoogleWalletSettings,
  ticket: BoughtTicket,
  barcodes: TicketBarcode[],
  options: { ticketUrl: string; appUrl: string; now: Date },
): string {
  const header = { alg: 'RS256', typ: 'JWT' };
  const claims = {
    iss: settings.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(options.now.getTime() / 1000),
    origins: [options.appUrl],
    payload: googleWalletPayload(settings, ticket, barcodes, options.ticketUrl),
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(settings.privateKey);
  return `${GOOGLE_SAVE_URL}${signingInput}.${base64url(signature)}`;
}
