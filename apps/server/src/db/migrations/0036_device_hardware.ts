import type { Kysely } from 'kysely';

// A TV's own hardware id and model where its platform tells them (VIZIO's getDeviceId and
// deviceModel): shown in the viewer's devices list, and the set is listed once whatever deviceId
// it registered under (decision 0080). Null for devices that did not say.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('second_screens').addColumn('hardware_id', 'text').execute();
  await db.schema.alterTable('second_screens').addColumn('device_model', 'text').execute();
  await db.schema
    .createIndex('second_screens_user_hardware')
    .on('second_screens')
    .columns(['site_uid', 'user_id', 'hardware_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('second_screens_user_hardware').execute();
  await db.schema.alterTable('second_screens').dropColumn('device_model').execute();
  await db.schema.alterTable('second_screens').dropColumn('hardware_id').execute();
}
