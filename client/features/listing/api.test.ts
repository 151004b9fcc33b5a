import { json } from '@client/lib/test-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveTicket } from './api';
import { emptyListingForm, type ListingFormValues } from './listing-form-values';

const values: ListingFormValues = {
  ...emptyListingForm,
  eventName: 'Aurora Skies',
  eventDate: '2027-05-01',
  description: 'Aurora Skies at Riverside Arena, Portland',
  venue: 'Riverside Arena',
  section: '101',
  row: 'C',
  seats: '4, 5',
  quantity: '2',
  faceValue: '80.00',
  serviceFee: '12.50',
  markup: 10,
  ticketType: 'digital',
  platform: 'ticketmaster',
  cloudinaryUrl: '/api/images/abc',
  cloudinaryPublicId: 'abc',
  agreeTerms: true,
};

function sentForm(fetchMock: ReturnType<typeof vi.fn>, call: number): FormData {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  return init.body as FormData;
}

afterEach(() => vi.unstubAllGlobals());

describe('saveTicket', () => {
  it('updates at the form version, and on a 409 adopts currentVersion and retries once', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(409, { message: 'Version conflict', currentVersion: 4 }))
      .mockResolvedValueOnce(json(200, { id: 7, version: 5, message: 'Ticket updated' }));
    vi.stubGlobal('fetch', fetchMock);

    const result = await saveTicket({ ticketId: 7, version: 2, values });

    expect(result).toEqual({ id: 7, version: 5, message: 'Ticket updated' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/tickets/7');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/tickets/7');
    expect(sentForm(fetchMock, 0).get('version')).toBe('2');
    expect(sentForm(fetchMock, 1).get('version')).toBe('4');
    expect(sentForm(fetchMock, 1).get('id')).toBe('7');
  });

  it('gives up after the one retry when the second attempt conflicts too', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(409, { message: 'Version conflict', currentVersion: 4 }))
      .mockResolvedValueOnce(json(409, { message: 'Version conflict', currentVersion: 5 }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(saveTicket({ ticketId: 7, version: 2, values })).rejects.toMatchObject({ status: 409 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(json(403, { message: 'Not your ticket' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(saveTicket({ ticketId: 7, version: 2, values })).rejects.toMatchObject({
      status: 403,
      serverMessage: 'Not your ticket',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('creates with POST /api/tickets and the spec fields, in dollars, without a version', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(json(201, { id: 9, version: 1, message: 'Created' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(saveTicket({ ticketId: null, version: 1, values })).resolves.toEqual({
      id: 9,
      version: 1,
      message: 'Created',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/tickets');
    const form = sentForm(fetchMock, 0);
    expect(form.get('version')).toBeNull();
    expect(form.get('faceValue')).toBe('80.00');
    expect(form.get('serviceFee')).toBe('12.50');
    expect(form.get('quantity')).toBe('2');
    expect(form.get('markup')).toBe('10');
    // (80.00 + 12.50) x 1.10
    expect(form.get('listingPrice')).toBe('101.75');
    expect(form.get('platform')).toBe('ticketmaster');
    expect(form.get('isMultiDay')).toBe('false');
  });

  it('sends no platform for a paper ticket', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(json(201, { id: 9, version: 1, message: 'Created' }));
    vi.stubGlobal('fetch', fetchMock);

    await saveTicket({
      ticketId: null,
      version: 1,
      values: { ...values, ticketType: 'paper', platform: '' },
    });
    expect(sentForm(fetchMock, 0).get('platform')).toBeNull();
    expect(sentForm(fetchMock, 0).get('ticketType')).toBe('paper');
  });
});
