import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BARCODE_TEXT,
  MY_TICKETS_TEXT,
  PAYOUT_TEXT,
  TRANSFER_MAIL_SUBJECT,
} from '../../../common/messages.js';
import { jobs, orders, ticketMessages, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { buySoldTicket } from '../messages/testing.js';
import { PAYOUT_NOTE } from '../payouts/payout.js';
import { testJobRunner } from '../payouts/testing.js';
import { AUTO_COMPLETE_JOB } from '../sales/timeline.js';

/**
 * Issue 21 item 3 (decision 0041): a paper ticket is transferred by its barcode, so the transfer needs one,
 * a change after initiation reaches the buyer, and the clock never completes a sale whose barcode the buyer
 * did not download.
 */

const START = new Date('2030-03-01T12:00:00Z');
// The event is on 2030-05-01 in the platform's zone, New York (EDT): automatic completion at midnight there
// on 2030-05-03, the payout on 2030-05-04.
const AUTO_COMPLETE = new Date('2030-05-03T04:00:00Z');
const PAYOUT_DUE = new Date('2030-05-04T04:00:00Z');
const DAY = 24 * 3_600_000;

function barcodeImage(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function upload(client: TestClient, ticketId: number, bytes: Buffer) {
  const form = new FormData();
  form.append('ticketId', String(ticketId));
  form.append('barcode', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'barcode.png');
  return client.request('POST', '/api/tickets/barcode/upload', { body: form });
}

describe.each(backends)('paper-ticket transfers and their barcode on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(START);
  let seller: TestAccount;
  let buyer: TestAccount;
  let sellerClient: TestClient;
  let buyerClient: TestClient;
  let adminClient: TestClient;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyer = await createTestUser(db);
    sellerClient = await signedInClient(harness, seller.id);
    buyerClient = await signedInClient(harness, buyer.id);
    adminClient = await signedInClient(harness, (await createTestUser(db, { role: 'admin' })).id);
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(() => {
    clock.set(START);
  });

  const db = () => harness.database.db;
  const ticketOf = async (ticketId: number) =>
    (await db().select().from(tickets).where(eq(tickets.id, ticketId)))[0];
  const orderOfTicket = async (ticketId: number) =>
    (await db().select().from(orders).where(eq(orders.ticketId, ticketId)))[0];
  const thread = async (ticketId: number) =>
    (
      await db()
        .select({ content: ticketMessages.content })
        .from(ticketMessages)
        .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.messageType, 'system')))
        .orderBy(asc(ticketMessages.id))
    ).map((row) => row.content);
  const subjectsTo = async (email: string) => (await harness.mailer.list(email)).map((mail) => mail.subject);
  const initiate = (ticketId: number) => sellerClient.post(`/api/tickets/${ticketId}/initiate-transfer`);
  const download = (ticketId: number) => buyerClient.get(`/api/tickets/${ticketId}/barcode/download`);
  /** A sold paper ticket with a barcode, its transfer initiated through the routes. */
  async function initiatedPaperSale() {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const uploaded = await upload(sellerClient, ticketId, await barcodeImage('#000000'));
    expect(uploaded.status, uploaded.text).toBe(200);
    const initiated = await initiate(ticketId);
    expect(initiated.status, initiated.text).toBe(200);
    return { ticketId, firstPublicId: uploaded.body.cloudinaryPublicId as string };
  }

  it('refuses to initiate a paper ticket without a barcode, and changes nothing', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const before = await ticketOf(ticketId);
    const threadBefore = await thread(ticketId);

    const refused = await initiate(ticketId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MY_TICKETS_TEXT.barcodeRequired });
    expect(await ticketOf(ticketId)).toEqual(before);
    expect(before).toMatchObject({ transferStatus: 'not_started', transferInitiatedAt: null });
    expect(await thread(ticketId)).toEqual(threadBefore);
    expect(await subjectsTo(buyer.email)).not.toContain(TRANSFER_MAIL_SUBJECT.initiated);
    expect((await download(ticketId)).body.message).toBe(BARCODE_TEXT.notYetAvailable);

    // With a barcode the same call goes through, and the buyer is told to download it.
    expect((await upload(sellerClient, ticketId, await barcodeImage('#000000'))).status).toBe(200);
    const initiated = await initiate(ticketId);
    expect(initiated.status, initiated.text).toBe(200);
    expect((await ticketOf(ticketId))?.transferStatus).toBe('initiated');
    expect(await subjectsTo(buyer.email)).toContain(TRANSFER_MAIL_SUBJECT.initiated);
  });

  it('never leaves a transfer initiated without a barcode when initiation and removal race', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
      expect((await upload(sellerClient, ticketId, await barcodeImage('#000000'))).status).toBe(200);
      const [initiated, removed] = await Promise.all([
        initiate(ticketId),
        sellerClient.delete(`/api/tickets/${ticketId}/barcode`),
      ]);
      // One of the two wins; the other is refused with its reason.
      expect([initiated.status, removed.status].sort()).toEqual([200, 409]);
      const ticket = await ticketOf(ticketId);
      if (initiated.status === 200) {
        expect(removed.body.message).toBe(BARCODE_TEXT.notRemovableAfterInitiated);
        expect(ticket?.barcodePublicId).not.toBeNull();
      } else {
        expect(initiated.body.message).toBe(MY_TICKETS_TEXT.barcodeRequired);
        expect(ticket).toMatchObject({ transferStatus: 'not_started', barcodePublicId: null });
      }
    }
  });

  it('tells the buyer in the thread and by e-mail when the barcode is replaced after initiation', async () => {
    const { ticketId, firstPublicId } = await initiatedPaperSale();
    expect((await download(ticketId)).status).toBe(200);
    expect((await ticketOf(ticketId))?.barcodeDownloadedAt).toEqual(clock.now());
    const mailsBefore = (await harness.mailer.list(buyer.email)).length;
    const replacedMails = async () =>
      (await subjectsTo(buyer.email)).filter((subject) => subject === TRANSFER_MAIL_SUBJECT.barcodeReplaced);

    clock.set(new Date(START.getTime() + DAY));
    const replaced = await upload(sellerClient, ticketId, await barcodeImage('#333333'));
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.cloudinaryPublicId).not.toBe(firstPublicId);

    expect((await thread(ticketId)).at(-1)).toBe(BARCODE_TEXT.systemReplaced);
    const messages = await buyerClient.get(`/api/tickets/${ticketId}/messages`);
    expect(messages.status, messages.text).toBe(200);
    expect(messages.body.at(-1)).toMatchObject({
      messageType: 'system',
      content: BARCODE_TEXT.systemReplaced,
    });
    const mails = await harness.mailer.list(buyer.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    // The outbox lists the newest first.
    expect(mails[0]?.subject).toBe(TRANSFER_MAIL_SUBJECT.barcodeReplaced);
    expect(mails[0]?.text).toContain('Please download it again');
    // The earlier download was of the old barcode: it no longer counts as the buyer's download.
    expect((await ticketOf(ticketId))?.barcodeDownloadedAt).toBeNull();

    // Before initiation a replacement is the seller's own business: no note, no mail.
    const early = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    expect((await upload(sellerClient, early, await barcodeImage('#000000'))).status).toBe(200);
    expect((await upload(sellerClient, early, await barcodeImage('#444444'))).status).toBe(200);
    expect(await thread(early)).not.toContain(BARCODE_TEXT.systemReplaced);
    expect(await replacedMails()).toHaveLength(1);
  });

  it('refuses to delete the barcode once the transfer is initiated, and keeps it', async () => {
    const { ticketId } = await initiatedPaperSale();
    const before = await ticketOf(ticketId);
    const refused = await sellerClient.delete(`/api/tickets/${ticketId}/barcode`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, message: BARCODE_TEXT.notRemovableAfterInitiated });
    expect(await ticketOf(ticketId)).toEqual(before);
    expect(before?.barcodePublicId).not.toBeNull();
    expect((await download(ticketId)).status).toBe(200);
  });

  it('never completes a sale automatically whose barcode the buyer did not download: support decides', async () => {
    const { ticketId } = await initiatedPaperSale();
    const downloaded = await initiatedPaperSale();
    expect((await download(downloaded.ticketId)).status).toBe(200);
    const order = await orderOfTicket(ticketId);
    if (!order) throw new Error('no order');

    const runner = testJobRunner(harness, clock);
    clock.set(AUTO_COMPLETE);
    await runner.runOnce();
    // The downloaded one completes as before; the other waits, in the back office.
    expect((await ticketOf(downloaded.ticketId))?.transferComplete).toBe(true);
    expect(await ticketOf(ticketId)).toMatchObject({ transferStatus: 'initiated', transferComplete: false });
    const [held] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, AUTO_COMPLETE_JOB), eq(jobs.key, String(order.id))));
    expect(held).toMatchObject({ doneAt: null, lastError: PAYOUT_NOTE.barcodeNotDownloaded });
    expect(held?.runAt).toEqual(new Date(AUTO_COMPLETE.getTime() + DAY));
    expect((await thread(ticketId)).at(-1)).toBe(PAYOUT_TEXT.systemBarcodeNotDownloaded);

    const disputes = await adminClient.get('/api/admin/disputes?pageSize=100');
    expect(disputes.status, disputes.text).toBe(200);
    expect(
      disputes.body.disputes.find((dispute: { orderId: number }) => dispute.orderId === order.id),
    ).toMatchObject({
      source: 'barcode',
      status: 'open',
      reason: PAYOUT_TEXT.barcodeNotDownloadedReason,
      transferStatus: 'initiated',
      barcode: { required: true, uploaded: true, downloaded: false },
    });
    const card = (await sellerClient.get('/api/my-tickets?tab=pending&limit=50')).body.tickets.find(
      (item: { id: number }) => item.id === ticketId,
    );
    expect(card).toMatchObject({ disputeSource: 'barcode', disputedAt: AUTO_COMPLETE.toISOString() });

    // Days pass: nothing completes and nothing is paid until support decides.
    clock.set(new Date(PAYOUT_DUE.getTime() + 2 * DAY));
    await runner.runOnce();
    expect((await ticketOf(ticketId))?.transferComplete).toBe(false);
    expect((await orderOfTicket(ticketId))?.status).toBe('in_escrow');
    expect(
      (await thread(ticketId)).filter((note) => note === PAYOUT_TEXT.systemBarcodeNotDownloaded),
    ).toHaveLength(1);

    const release = await adminClient.post(`/api/admin/disputes/${order.id}/resolve`, {
      resolution: 'release',
      reason: 'The buyer attended with a printed copy',
    });
    expect(release.status, release.text).toBe(200);
    expect((await ticketOf(ticketId))?.transferComplete).toBe(true);
    await runner.runOnce();
    expect((await orderOfTicket(ticketId))?.status).toBe('released');
  });
});
