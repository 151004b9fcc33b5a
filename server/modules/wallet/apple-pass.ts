import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import { WALLET_TEXT } from '../../../common/texts/wallet.js';
import {
  addDays,
  formatCalendarDate,
  formatVenueClock,
  isoWithOffset,
  lastDayOf,
  localMidnight,
} from '../../../common/venue-time.js';
import type { AppleWalletSettings } from '../../config.js';
import { Conflict } from '../../errors.js';
import type { BoughtTicket } from './bought-ticket.js';
import { locationOf } from './ics.js';
import type { TicketBarcode } from './ticket-barcodes.js';

/** ZXing's symbologies Apple Wallet can draw (PassKit's four); a DataMatrix or Micro QR cannot go in. */
const APPLE_FORMATS: Record<
  string,
  'PKBarcodeFormatQR' | 'PKBarcodeFormatPDF417' | 'PKBarcodeFormatAztec' | 'PKBarcodeFormatCode128'
> = {
  QRCode: 'PKBarcodeFormatQR',
  PDF417: 'PKBarcodeFormatPDF417',
  Aztec: 'PKBarcodeFormatAztec',
  Code128: 'PKBarcodeFormatCode128',
};

export const PKPASS_TYPE = 'application/vnd.apple.pkpass';
/** Several passes in one file (a ticket whose picture holds one barcode per seat): iOS 15 and later. */
export const PKPASSES_TYPE = 'application/vnd.apple.pkpasses';

/** Encore's mark (client/public/favicon.svg), drawn as the pass's icon and logo. */
const MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><path d="M20 18h24v6H27v5h15v6H27v5h17v6H20z" fill="#fff"/></svg>`;

/** Apple's sizes: icon 29 pt and logo up to 50 pt high, at 1x, 2x and 3x. */
const IMAGE_SIZES: Record<string, number> = {
  'icon.png': 29,
  'icon@2x.png': 58,
  'icon@3x.png': 87,
  'logo.png': 50,
  'logo@2x.png': 100,
  'logo@3x.png': 150,
};

let images: Promise<Record<string, Buffer>> | null = null;

function passImages(): Promise<Record<string, Buffer>> {
  images ??= Promise.all(
    Object.entries(IMAGE_SIZES).map(
      async ([name, side]) =>
        [name, await sharp(Buffer.from(MARK_SVG)).resize(side, side).png().toBuffer()] as const,
    ),
  )
    .then((entries) => Object.fromEntries(entries))
    .catch((error: unknown) => {
      // Drawn again on the next pass rather than failing every pass after one bad moment.
      images = null;
      throw error;
    });
  return images;
}

/** The show's start as Wallet shows it: in the venue's zone (its offset, `ignoresTimeZone`), or the day. */
function whenField(ticket: BoughtTicket) {
  if (ticket.startTime)
    return {
      key: 'date',
      label: 'DATE',
      value: isoWithOffset(ticket.date, ticket.startTime, ticket.timeZone),
      dateStyle: 'PKDateStyleMedium' as const,
      timeStyle: 'PKDateStyleShort' as const,
      ignoresTimeZone: true,
    };
  return { key: 'date', label: 'DATE', value: formatCalendarDate(ticket.date) };
}

/**
 * The signed .pkpass of a ticket (an event ticket pass, decision 0096): one pass per barcode on the ticket's
 * picture, packed as .pkpasses when there are several. Made and signed by passkit-generator with the
 * settings' certificates: a PKCS#7 detached signature over manifest.json, which lists every file's SHA-1.
 */
export async function applePass(
  settings: AppleWalletSettings,
  ticket: BoughtTicket,
  barcodes: TicketBarcode[],
  ticketUrl: string,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const supported = barcodes.filter((barcode) => APPLE_FORMATS[barcode.format]);
  if (supported.length === 0) throw new Conflict(WALLET_TEXT.barcodeUnsupported);
  const files = await passImages();
  const last = lastDayOf(ticket.date, Math.max(1, ticket.daysCount));
  const startIso = ticket.startTime ? isoWithOffset(ticket.date, ticket.startTime, ticket.timeZone) : null;
  const passes = await Promise.all(
    supported.map(async (barcode, index) => {
      const serialNumber =
        supported.length === 1 ? `ticket-${ticket.id}` : `ticket-${ticket.id}-${index + 1}`;
      const pass = new PKPass(
        { ...files },
        {
          wwdr: settings.wwdrCert,
          signerCert: settings.signerCert,
          signerKey: settings.signerKey,
          ...(settings.signerKeyPassphrase === undefined
            ? {}
            : { signerKeyPassphrase: settings.signerKeyPassphrase }),
        },
        {
          formatVersion: 1,
          passTypeIdentifier: settings.passTypeId,
          teamIdentifier: settings.teamId,
          serialNumber,
          organizationName: 'Encore',
          description: WALLET_TEXT.passDescription(ticket.eventName),
          logoText: 'Encore',
          foregroundColor: 'rgb(255, 255, 255)',
          labelColor: 'rgb(237, 233, 254)',
          backgroundColor: 'rgb(91, 33, 182)',
          sharingProhibited: true,
          semantics: {
            eventName: ticket.eventName,
            eventType: 'PKEventTypeLivePerformance',
            venueName: ticket.venueName,
            ...(startIso ? { eventStartDate: startIso } : {}),
            seats: [{ seatSection: ticket.section, seatRow: ticket.row, seatNumber: ticket.seats }],
          },
        },
      );
      pass.type = 'eventTicket';
      pass.primaryFields.push({ key: 'event', label: 'EVENT', value: ticket.eventName });
      pass.secondaryFields.push(
        { key: 'venue', label: 'VENUE', value: ticket.venueName || '—' },
        whenField(ticket),
      );
      pass.auxiliaryFields.push(
        { key: 'section', label: 'SECTION', value: ticket.section },
        { key: 'row', label: 'ROW', value: ticket.row },
        { key: 'seats', label: 'SEATS', value: ticket.seats },
      );
      if (ticket.doorsTime)
        pass.headerFields.push({
          key: 'doors',
          label: 'DOORS',
          value: formatVenueClock(ticket.date, ticket.doorsTime, ticket.timeZone),
        });
      pass.backFields.push(
        ...(ticket.address.length > 0
          ? [{ key: 'address', label: 'Address', value: locationOf(ticket) }]
          : []),
        ...(supported.length > 1
          ? [{ key: 'of', label: 'Ticket', value: `${index + 1} of ${supported.length}` }]
          : []),
        { key: 'link', label: 'Your ticket on Encore', value: ticketUrl },
      );
      pass.setBarcodes({
        message: barcode.message,
        format: APPLE_FORMATS[barcode.format] as (typeof APPLE_FORMATS)[string],
        messageEncoding: 'iso-8859-1',
      });
      if (startIso) pass.setRelevantDate(new Date(startIso));
      // Wallet greys the pass out after the venue's midnight at the end of the show's last day.
      pass.setExpirationDate(localMidnight(addDays(last, 1), ticket.timeZone));
      return pass;
    }),
  );
  const [only] = passes;
  if (passes.length === 1 && only)
    return {
      bytes: only.getAsBuffer(),
      contentType: PKPASS_TYPE,
      fileName: `encore-ticket-${ticket.id}.pkpass`,
    };
  return {
    bytes: PKPass.pack(...passes).getAsBuffer(),
    contentType: PKPASSES_TYPE,
    fileName: `encore-ticket-${ticket.id}.pkpasses`,
  };
}
