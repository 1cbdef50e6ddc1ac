import type { Kysely } from 'kysely';

// Site structure (discovery-and-site §2.1, §2.9, §2.11): the left menu and its links, the landing
// setting, the legacy slug table and the privacy text, one row per site (absent → defaults).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_structure')
    .addColumn('site_uid', 'text', (c) => c.primaryKey().references('sites.uid').onDelete('cascade'))
    .addColumn('menus', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('landing', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('legacy', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('privacy_text', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_structure').execute();
}
