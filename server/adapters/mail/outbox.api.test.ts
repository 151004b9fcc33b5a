import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDatabase } from '../../test/harness.js';
import { OutboxMailer } from './outbox.js';

describe.each(backends)('OutboxMailer on %s', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('stores messages and lists them newest first, filtering by recipient in any case', async () => {
    const mailer = new OutboxMailer(database.db);
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'Rae@Example.com', subject: 'one', text: 't1', html: '<p>1</p>' });
    await mailer.send({ to: 'sam@example.com', subject: 'two', text: 't2', html: '<p>2</p>' });
    await mailer.send({ to: 'rae@example.com', subject: 'three', text: 't3', html: '<p>3</p>' });
    expect((await mailer.list()).map((mail) => mail.subject)).toEqual(['three', 'two', 'one']);
    const forRae = await mailer.list(' RAE@example.COM ');
    expect(forRae.map((mail) => mail.subject)).toEqual(['three', 'one']);
    expect(forRae[1]).toMatchObject({ to: 'Rae@Example.com', text: 't1', html: '<p>1</p>' });
    expect(forRae[1]?.createdAt).toBeInstanceOf(Date);
    expect(await mailer.list('nobody@example.com')).toEqual([]);
    expect(await mailer.list(undefined, 1)).toHaveLength(1);
  });

  it('drops mail to a closed account’s address', async () => {
    const mailer = new OutboxMailer(database.db);
    const to = 'former-member-0a1b2c3d4e@Closed.Invalid';
    await mailer.send({ to, subject: 'due', text: 't', html: '<p>t</p>' });
    expect(await mailer.list(to)).toEqual([]);
  });
});
