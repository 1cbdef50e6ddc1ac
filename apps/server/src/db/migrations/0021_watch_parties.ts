import type { Kysely } from 'kysely';

// Watch parties (playback-and-social §3, §4.9, §7; decision 0046). The party and its room state
// live here, not in a node's memory, so a host on one node and a guest on another see one party.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watch_parties')
    .addColumn('pid', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('host_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text')
    .addColumn('is_live', 'integer', (c) => c.notNull().defaultTo(0))
    // notStarted, active or ended
    .addColumn('state', 'text', (c) => c.notNull())
    // The room's timeline (contract PartyTimeline): at shared time tl_at the host is at tl_position.
    .addColumn('tl_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tl_at', 'bigint', (c) => c.notNull())
    .addColumn('tl_position', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('tl_playing', 'integer', (c) => c.notNull().defaultTo(0))
    // When the host's last socket closed (null while connected): afterHostDrop's droppedAt.
    .addColumn('host_dropped_at', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('watch_parties_code')
    .on('watch_parties')
    .columns(['site_uid', 'code'])
    .unique()
    .execute();
  await db.schema
    .createTable('watch_party_members')
    .addColumn('pid', 'text', (c) => c.notNull().references('watch_parties.pid').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    // Open party sockets on every node; 0: not connected.
    .addColumn('sockets', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ready', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('can_host', 'integer', (c) => c.notNull().defaultTo(0))
    // Progress mismatches in a row (§4.9: desynchronised after more than 5).
    .addColumn('mismatches', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('watch_party_members_pk', ['pid', 'user_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('watch_party_members').execute();
  await db.schema.dropTable('watch_parties').execute();
}
