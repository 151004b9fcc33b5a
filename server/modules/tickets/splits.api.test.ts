import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLIT_RULES, splitAllows } from '../../../common/splits.js';
import { backends, openTestDatabase, type ThrowawayDatabase } from '../../test/harness.js';
import { splitAllowsSql } from './splits.js';

describe.each(backends)('splitAllowsSql on %s', (backend) => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('agrees with splitAllows for every rule, quantity left and quantity wanted up to 10', async () => {
    const cases = SPLIT_RULES.flatMap((rule) =>
      Array.from({ length: 10 }, (_, left) =>
        Array.from({ length: 11 }, (_, wanted) => ({ rule, left: left + 1, wanted })),
      ).flat(),
    );
    const rows = sql.join(
      cases.map(({ rule, left, wanted }) => sql`(${rule}::text, ${left}::int, ${wanted}::int)`),
      sql`, `,
    );
    const result = (await database.db.execute(sql`select rule, left_, wanted,
        ${splitAllowsSql(sql`left_`, sql`rule`, sql`wanted`)} as allows
      from (values ${rows}) as c(rule, left_, wanted) order by rule, left_, wanted`)) as unknown as {
      rows: { rule: (typeof SPLIT_RULES)[number]; left_: number; wanted: number; allows: boolean }[];
    };
    expect(result.rows).toHaveLength(cases.length);
    for (const row of result.rows)
      expect(row.allows, `${row.rule} ${row.left_} ${row.wanted}`).toBe(
        splitAllows(row.rule, row.left_, row.wanted),
      );
  });
});
