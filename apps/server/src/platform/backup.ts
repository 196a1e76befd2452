/**
 * Backups of the embedded database and the local files (`npm run backup -- FILE`, `npm run restore --
 * FILE`). One tar file: `gigreel-backup.json` (what it holds), `db.tar.gz` (PGlite's data folder, taken
 * between transactions after a checkpoint), every file under DATA_DIR/files as `files/<key>`, and the
 * local auth secret when there is one (sessions and signed links keep working after a restore). While
 * the files are copied, removals of stored files wait, so every file the snapshot points at is copied.
 * The running server makes the backup through its own connection when asked on DATA_DIR/control.sock
 * (PGlite holds DATA_DIR); with the server stopped, the command opens the database itself. PostgreSQL
 * and S3 are backed up with their own tools (README).
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, createConnection, type Server } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import tar from 'tar-stream';
import { holdDeletes } from './storage.ts';

const MANIFEST = 'gigreel-backup.json';
const FORMAT = 1;
const CONTROL_SOCKET = 'control.sock';

export type BackupSummary = { file: string; bytes: number; files: number; createdAt: string };
type Manifest = { format: number; product: 'GigReel'; createdAt: string; database: 'pglite'; files: number };

/** Every file under `root` (relative paths), temporary uploads in progress left out. */
async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The keys made once into DATA_DIR outside production (config.ts): the session secret (sessions and
 * signed links keep working) and the Web Push pair (devices stay subscribed). They travel with the data.
 */
const KEPT_SECRETS = ['auth-secret', 'vapid-keys.json'] as const;

/** Writes the backup to `file` (through `file.partial`, renamed once complete) and says what it holds. */
export async function writeBackup(
  source: { snapshot(): Promise<Blob>; dataDir: string },
  file: string,
): Promise<BackupSummary> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  await mkdir(path.dirname(target), { recursive: true });
  const release = holdDeletes();
  try {
    const database = Buffer.from(await (await source.snapshot()).arrayBuffer());
    const filesRoot = path.join(source.dataDir, 'files');
    const keys = await filesUnder(filesRoot);
    const createdAt = new Date().toISOString();
    const manifest: Manifest = {
      format: FORMAT,
      product: 'GigReel',
      createdAt,
      database: 'pglite',
      files: keys.length,
    };
    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
    const add = (name: string, body: Buffer) =>
      new Promise<void>((resolve, reject) =>
        pack.entry({ name, size: body.length }, body, (e) => (e ? reject(e) : resolve())),
      );
    await add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    await add('db.tar.gz', database);
    for (const name of KEPT_SECRETS) {
      const secret = path.join(source.dataDir, name);
      if (existsSync(secret)) await add(name, await readFile(secret));
    }
    for (const key of keys) {
      const full = path.join(filesRoot, key);
      const { size } = await stat(full);
      const entry = pack.entry({ name: `files/${key.split(path.sep).join('/')}`, size });
      await pipeline(createReadStream(full), entry);
    }
    pack.finalize();
    await written;
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, files: keys.length, createdAt };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    release();
  }
}

/** Brings a backup back into `dataDir`, which must be empty or absent (nothing is ever overwritten). */
export async function restoreBackup(file: string, dataDir: string): Promise<{ files: number; createdAt: string }> {
  const entries = existsSync(dataDir) ? await readdir(dataDir) : [];
  if (entries.length > 0)
    throw new Error(`${dataDir} is not empty. Restore into an empty DATA_DIR (or a new folder), never over data.`);
  await mkdir(dataDir, { recursive: true });
  const extract = tar.extract();
  let manifest: Manifest | null = null;
  let database: Buffer | null = null;
  let files = 0;
  const done = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      const body = async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      if (name === MANIFEST) manifest = JSON.parse((await body()).toString('utf8')) as Manifest;
      else if (name === 'db.tar.gz') database = await body();
      else if ((KEPT_SECRETS as readonly string[]).includes(name))
        await writeFile(path.join(dataDir, name), await body(), { mode: 0o600 });
      else if (name.startsWith('files/') && !name.split('/').includes('..')) {
        const target = path.join(dataDir, 'files', ...name.slice('files/'.length).split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target));
        files += 1;
      } else entry.resume();
    }
  })();
  await pipeline(createReadStream(file), extract);
  await done;
  const found = manifest as Manifest | null;
  if (!found || found.product !== 'GigReel' || !database) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${file} is not a GigReel backup.`);
  }
  if (found.format > FORMAT) throw new Error(`${file} was made by a newer GigReel (format ${found.format}).`);
  const pg = await PGlite.create(path.join(dataDir, 'db'), {
    loadDataDir: new Blob([database]),
    extensions: { pg_trgm },
  });
  await pg.close();
  for (const name of KEPT_SECRETS) {
    const secret = path.join(dataDir, name);
    if (existsSync(secret)) await chmod(secret, 0o600);
  }
  return { files, createdAt: found.createdAt };
}

/**
 * The running server's side: answers one JSON request per connection on DATA_DIR/control.sock, a
 * Unix socket only this machine's users with access to DATA_DIR can reach. Closed with the server.
 */
export async function listenForBackups(
  source: { snapshot(): Promise<Blob>; dataDir: string },
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<Server> {
  const socket = path.join(source.dataDir, CONTROL_SOCKET);
  await rm(socket, { force: true });
  // Half open: the command ends its side once it has asked, and still reads the answer.
  const server = createServer({ allowHalfOpen: true }, (connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      text += chunk;
      if (!text.includes('\n') || text.length > 10_000) return;
      const answer = async () => {
        try {
          const request = JSON.parse(text) as { backup?: unknown };
          if (typeof request.backup !== 'string') throw new Error('unknown request');
          const summary = await writeBackup(source, request.backup);
          log.info({ ...summary }, 'backup written');
          return { ok: true, summary };
        } catch (error) {
          log.error({ err: error }, 'backup failed');
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      };
      void answer().then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
    connection.on('error', () => {});
  });
  server.listen(socket);
  await once(server, 'listening');
  await chmod(socket, 0o600);
  return server;
}

/** The command's side: asks the server holding `dataDir` for a backup; null when no server answers there. */
export async function askServerForBackup(dataDir: string, file: string): Promise<BackupSummary | null> {
  const socket = path.join(dataDir, CONTROL_SOCKET);
  if (!existsSync(socket)) return null;
  const connection = createConnection(socket);
  try {
    await once(connection, 'connect');
  } catch {
    return null;
  }
  connection.end(`${JSON.stringify({ backup: path.resolve(file) })}\n`);
  const reply = JSON.parse(
    (await Readable.from(connection).toArray()).map((chunk: Buffer | string) => chunk.toString()).join(''),
  ) as { ok: true; summary: BackupSummary } | { ok: false; error: string };
  if (!reply.ok) throw new Error(`The server could not write the backup: ${reply.error}`);
  return reply.summary;
}
