import type { Kysely } from 'kysely';

// Gifs (discovery-and-site §3, §7): a viewer's cut of a video, rendered by a `gif` job into an
// animated GIF and a still under <DATA_DIR>/gifs/<id>/. `result` is null while processing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gifs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('video_uid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('start_s', 'real', (c) => c.notNull())
    .addColumn('end_s', 'real', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('meme_top_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('meme_bottom_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('job_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .execute();
  await db.schema
    .createIndex('gifs_by_video')
    .on('gifs')
    .columns(['site_uid', 'video_uid', 'created_at'])
    .execute();
  await db.schema.createIndex('gifs_by_user').on('gifs').columns(['user_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gifs').execute();
}
