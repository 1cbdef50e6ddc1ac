import type { Kysely } from 'kysely';

// A site's own roles (decision 0044): a name and the permissions it grants. The built-in roles
// (viewer, staff, support, admin) live in packages/domain; these rows only add to them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_roles')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('site_roles_pk', ['site_uid', 'name'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_roles').execute();
}
