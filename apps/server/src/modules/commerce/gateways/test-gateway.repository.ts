import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database';
import type { TestGatewayChargesTable, TestGatewayMethodsTable } from '../../../db/schema';

/** The embedded test gateway's own state (test_gateway_methods, test_gateway_charges). */
export function createTestGatewayRepository(db: Db) {
  return {
    chargeByKey: (key: string) =>
      db.selectFrom('test_gateway_charges').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),
    method: (token: string) =>
      db.selectFrom('test_gateway_methods').selectAll().where('token', '=', token).executeTakeFirst(),
    async insertMethod(row: Insertable<TestGatewayMethodsTable>): Promise<void> {
      await db.insertInto('test_gateway_methods').values(row).execute();
    },
    /** One charge per idempotency key: a concurrent duplicate inserts nothing. */
    async insertCharge(row: Insertable<TestGatewayChargesTable>): Promise<void> {
      await db
        .insertInto('test_gateway_charges')
        .values(row)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
    },
    /** Refunds a succeeded charge; false when there is none with that ref. */
    async refund(ref: string): Promise<boolean> {
      const res = await db
        .updateTable('test_gateway_charges')
        .set({ status: 'refunded' })
        .where('ref', '=', ref)
        .where('status', '=', 'succeeded')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Detaches a saved card; false when there is none with that token. */
    async detach(token: string): Promise<boolean> {
      const res = await db
        .updateTable('test_gateway_methods')
        .set({ detached: 1 })
        .where('token', '=', token)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type TestGatewayRepository = ReturnType<typeof createTestGatewayRepository>;
