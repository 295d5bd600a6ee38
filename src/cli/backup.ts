// `hoplink backup` and `hoplink restore` (docs/deployment.md, "Backups"): a consistent copy of a
// SQLite database while the service keeps serving, and putting one back only when nothing has the
// database open.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { migrations } from '../storage/migrations/index.ts';
import { sqlitePath } from '../storage/database.ts';

/** A refusal or failure of backup or restore, with a message meant for the operator. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export interface BackupResult {
  /** The copy, as an absolute path. */
  backup: string;
  /** The database that was copied. */
  database: string;
  bytes: number;
  /** The last migration applied in the copy; null for a database Hoplink never migrated. */
  schema: string | null;
}

export interface RestoreResult {
  /** The database that now holds the backup's contents. */
  restored: string;
  from: string;
  schema: string;
  /** Where the database that was replaced was moved to (null when there was none). */
  previous: string | null;
}

/** A process other than this one with the database (or its -wal or -shm file) open. */
export interface FileHolder {
  pid: number;
  command: string;
}

/**
 * Pages per backup step: all of them. sqlite3_backup_step() holds one read transaction per step,
 * so a single step is a consistent snapshot; in WAL mode that read blocks no writer (the service
 * keeps committing to the WAL meanwhile). With small steps, every commit made by the service
 * between two steps would restart the copy, and under steady traffic it might never finish.
 */
const ALL_PAGES = 0x7fffffff;

/** `sqlite:<path>` as an absolute path; PostgreSQL and in-memory URLs are refused with advice. */
function sqliteFileOf(databaseUrl: string, command: 'backup' | 'restore', file: string): string {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    throw new BackupError(postgresAdvice(databaseUrl, command, file));
  }
  if (!databaseUrl.startsWith('sqlite:')) throw new BackupError(`Unsupported DATABASE_URL "${databaseUrl}".`);
  const path = sqlitePath(databaseUrl);
  if (path === '' || path === ':memory:') {
    throw new BackupError(`DATABASE_URL is an in-memory SQLite database: there is no file to ${command}.`);
  }
  return resolve(path);
}

/** Quotes one word for a POSIX shell. */
function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * What to run instead on PostgreSQL, for this URL. A password in the URL is left out of the
 * command shown (it would end up in terminal scrollback and shell history): PGPASSWORD or
 * ~/.pgpass supply it.
 */
export function postgresAdvice(databaseUrl: string, command: 'backup' | 'restore', file: string): string {
  let url = databaseUrl;
  let hadPassword = false;
  try {
    const parsed = new URL(databaseUrl);
    if (parsed.password) {
      hadPassword = true;
      parsed.password = '';
      url = parsed.toString();
    }
  } catch {
    // Not parseable as a URL: show it as it is; pg_dump will say what is wrong with it.
  }
  const u = shellQuote(url);
  const f = shellQuote(file);
  const lines =
    command === 'backup'
      ? [
          'backup copies SQLite databases only; DATABASE_URL is PostgreSQL. ' +
            'Use pg_dump, which takes a consistent snapshot while the service runs:',
          `  pg_dump --format=custom --file=${f} ${u}`,
          `Restore that file (with every Hoplink instance stopped) with:`,
          `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname=${u} ${f}`,
          `Or a plain SQL dump: pg_dump --format=plain --file=${f} ${u}, ` +
            `restored with psql --single-transaction --set ON_ERROR_STOP=1 --file=${f} ${u}`,
        ]
      : [
          'restore puts back SQLite databases only; DATABASE_URL is PostgreSQL. ' +
            'With every Hoplink instance stopped, restore a pg_dump --format=custom file with:',
          `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname=${u} ${f}`,
          `or a plain SQL dump with:`,
          `  psql --single-transaction --set ON_ERROR_STOP=1 --file=${f} ${u}`,
          `then run \`hoplink migrate\` before starting the instances.`,
        ];
  if (hadPassword) lines.push('(The password is left out of the URL shown: give it with PGPASSWORD or ~/.pgpass.)');
  return lines.join('\n');
}

/** The same file, seen through any symlinks (false when either does not exist). */
function sameFile(a: string, b: string): boolean {
  try {
    const [sa, sb] = [statSync(a), statSync(b)];
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

/** A path with its directory's symlinks resolved, as /proc/<pid>/fd links show it. */
function canonical(path: string): string {
  try {
    return join(realpathSync(dirname(path)), basename(path));
  } catch {
    return path;
  }
}

/** A temporary name in the same directory as `path`, so that renaming it into place is atomic. */
function temporaryBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

function removeQuietly(...paths: string[]): void {
  for (const path of paths) rmSync(path, { force: true });
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsync of a directory makes a rename in it durable; not every file system allows it. */
function fsyncDirectory(path: string): void {
  try {
    fsyncPath(path);
  } catch {
    // best effort
  }
}

function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;
}

/**
 * Copies the open database `source` (main schema) to `destination` through SQLite's online
 * backup, then makes the copy a self-contained rollback-journal file: the copy of a WAL database
 * is marked WAL, and opening such a file creates -wal and -shm files beside it.
 */
async function copyThroughSqlite(source: SQLite.Database, destination: string): Promise<void> {
  try {
    await source.backup(destination, { progress: () => ALL_PAGES });
    const copy = new SQLite(destination, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    fsyncPath(destination);
  } catch (error) {
    removeQuietly(destination, `${destination}-wal`, `${destination}-shm`, `${destination}-journal`);
    throw error;
  }
}

/** The migrations applied in an open database, in order; undefined when it has no migration table. */
function appliedMigrations(db: SQLite.Database): string[] | undefined {
  const table = db
    .prepare(`select name from sqlite_master where type = 'table' and name = ?`)
    .pluck()
    .get(DEFAULT_MIGRATION_TABLE);
  if (!table) return undefined;
  return db.prepare(`select name from "${DEFAULT_MIGRATION_TABLE}" order by name`).pluck().all() as string[];
}

/**
 * Opens a SQLite file read-only, runs `read` and closes it. Files written by backup are in
 * rollback-journal mode, so reading them leaves nothing beside them. (A WAL-mode file gets the
 * -wal and -shm files SQLite creates for any reader; they are left alone: removing them while
 * some other process opens the same file would corrupt it.)
 */
function readSqliteFile<T>(path: string, read: (db: SQLite.Database) => T): T {
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * `hoplink backup --out F`: a consistent copy of the SQLite database of `databaseUrl`, made while
 * the service runs. The copy is written to a temporary file beside F and renamed to F only when
 * complete, so F is never half-written; an existing F is kept unless `force`.
 */
export async function backupDatabase(
  databaseUrl: string,
  out: string,
  options: { force?: boolean } = {},
): Promise<BackupResult> {
  const target = resolve(out);
  const database = sqliteFileOf(databaseUrl, 'backup', out);
  if (!existsSync(database)) throw new BackupError(`There is no database at ${database} to back up.`);
  if ([database, `${database}-wal`, `${database}-shm`].some((file) => sameFile(file, target) || file === target)) {
    throw new BackupError(`--out ${out} is the database itself; give another file.`);
  }
  if (existsSync(target)) {
    if (statSync(target).isDirectory()) throw new BackupError(`--out ${out} is a directory; give a file name.`);
    if (!options.force) throw new BackupError(`${target} already exists; give --force to replace it.`);
  }
  mkdirSync(dirname(target), { recursive: true });

  const temporary = temporaryBeside(target);
  const source = new SQLite(database, { readonly: true, fileMustExist: true });
  try {
    // Waits (instead of failing) while the service checkpoints; reading never blocks its writes.
    source.pragma('busy_timeout = 5000');
    await copyThroughSqlite(source, temporary);
  } catch (error) {
    const reason = errorCode(error) === 'SQLITE_NOTADB' ? `${database} is not a SQLite database.` : String(error);
    throw new BackupError(`Backup failed: ${reason}`, { cause: error });
  } finally {
    source.close();
  }

  try {
    const applied = readSqliteFile(temporary, appliedMigrations);
    if (options.force) {
      renameSync(temporary, target);
    } else {
      placeWithoutReplacing(temporary, target);
    }
    fsyncDirectory(dirname(target));
    return { backup: target, database, bytes: statSync(target).size, schema: applied?.at(-1) ?? null };
  } finally {
    removeQuietly(temporary);
  }
}

/** Moves `temporary` to `target` unless `target` appeared meanwhile (a link fails on an existing name). */
function placeWithoutReplacing(temporary: string, target: string): void {
  try {
    linkSync(temporary, target);
    unlinkSync(temporary);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST') throw new BackupError(`${target} already exists; give --force to replace it.`);
    // A file system without hard links: check, then rename (a narrow race instead of none).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    if (existsSync(target)) throw new BackupError(`${target} already exists; give --force to replace it.`);
    renameSync(temporary, target);
  }
}

/**
 * Checks that `path` is a Hoplink database this version can run: a SQLite file that passes
 * SQLite's integrity check, with Kysely's migration table, every applied migration one this
 * version knows. Returns the last applied migration.
 */
export function inspectBackup(path: string): { schema: string; applied: string[] } {
  if (!existsSync(path)) throw new BackupError(`There is no file ${path}.`);
  if (!statSync(path).isFile()) throw new BackupError(`${path} is not a file.`);
  let applied: string[] | undefined;
  try {
    applied = readSqliteFile(path, (db) => {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`${path} is damaged: SQLite's integrity check says "${check}".`);
      return appliedMigrations(db);
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = errorCode(error);
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new BackupError(`${path} is not a SQLite database.`, { cause: error });
    }
    throw new BackupError(`Cannot read ${path}: ${String(error)}`, { cause: error });
  }
  if (!applied || applied.length === 0) {
    throw new BackupError(
      `${path} is not a Hoplink database: it has no applied migrations (no ${DEFAULT_MIGRATION_TABLE} rows).`,
    );
  }
  const known = Object.keys(migrations).sort();
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${path} was made by a newer version of Hoplink: ` +
        `this version does not know its migration(s) ${unknown.join(', ')}. ` +
        'Upgrade Hoplink first, or restore a backup made by this version.',
    );
  }
  // Kysely's migrator refuses applied migrations with a gap before them; so does restore.
  if (applied.some((name, index) => known[index] !== name)) {
    throw new BackupError(
      `${path} has migrations applied out of order (${applied.join(', ')}); it cannot be migrated.`,
    );
  }
  return { schema: applied.at(-1)!, applied };
}

/**
 * Other processes that have any of `paths` open, found through /proc/<pid>/fd (Linux); undefined
 * where there is no /proc. Processes whose descriptors this user may not read (another user's,
 * unless we are root) are not seen: SQLite's locks (assertNotInUse) cover those.
 */
export function processesHolding(paths: string[], procRoot = '/proc'): FileHolder[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync(procRoot).filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const wanted = new Set(paths.map(canonical));
  const holders: FileHolder[] = [];
  for (const entry of entries) {
    if (Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(join(procRoot, entry, 'fd'));
    } catch {
      continue; // not ours to read, or gone
    }
    const holds = fds.some((fd) => {
      try {
        return wanted.has(readlinkSync(join(procRoot, entry, 'fd', fd)));
      } catch {
        return false;
      }
    });
    if (holds) holders.push({ pid: Number(entry), command: commandOf(procRoot, entry) });
  }
  return holders;
}

function commandOf(procRoot: string, pid: string): string {
  try {
    const command = readFileSync(join(procRoot, pid, 'cmdline'), 'utf8')
      .split('\0')
      .filter(Boolean)
      .join(' ');
    return command.length > 80 ? `${command.slice(0, 77)}...` : command || '?';
  } catch {
    return '?';
  }
}

/**
 * Refuses when anything else has the database open, in two ways:
 * 1. /proc (Linux): any other process with the file, its -wal or its -shm open, named by pid;
 * 2. SQLite's own locks, with busy_timeout 0: BEGIN EXCLUSIVE fails while another connection
 *    writes (or, out of WAL mode, reads), and leaving WAL mode fails while any other connection
 *    has the database open in WAL mode, idle or not (each holds a shared lock on the file).
 *    This sees processes of other users and of other PID namespaces (containers) as well.
 * Leaving WAL mode on success also checkpoints the WAL into the file, so the file alone is the
 * whole database when it is moved aside.
 */
export function assertNotInUse(database: string): void {
  const files = [database, `${database}-wal`, `${database}-shm`];
  const holders = processesHolding(files) ?? [];
  if (holders.length > 0) {
    const who = holders.map((h) => `process ${h.pid} (${h.command})`).join(', ');
    throw new BackupError(`${database} is in use by ${who}: stop the service first, then restore.`);
  }
  if (!existsSync(database)) return;
  let db: SQLite.Database;
  try {
    db = new SQLite(database, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`Cannot open ${database} to check whether it is in use: ${String(error)}`, { cause: error });
  }
  try {
    db.pragma('busy_timeout = 0');
    db.exec('begin exclusive');
    db.exec('rollback');
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    const code = errorCode(error);
    if (code?.startsWith('SQLITE_BUSY') || code?.startsWith('SQLITE_LOCKED')) {
      throw new BackupError(
        `${database} is in use: another connection holds a lock on it ` +
          '(a service, possibly of another user or container); stop it first, then restore.',
        { cause: error },
      );
    }
    // The file being replaced is damaged or not a database: nothing can be serving from it
    // through SQLite, and /proc found no process with it open. Replacing it is what restore is for.
    if (code !== 'SQLITE_NOTADB' && code !== 'SQLITE_CORRUPT') throw error;
  } finally {
    db.close();
  }
}

/**
 * Gives the copy the mode and owner of the database it replaces, so that a restore run as root
 * leaves a file the service's user can still write. Changing the owner needs root; without it
 * the file belongs to whoever restores (docs/deployment.md: run restore as the service's user).
 */
function keepOwnership(database: string, copy: string): void {
  if (!existsSync(database)) return;
  const { mode, uid, gid } = statSync(database);
  chmodSync(copy, mode & 0o7777);
  try {
    chownSync(copy, uid, gid);
  } catch {
    // not root: the copy stays ours
  }
}

/**
 * `hoplink restore --from F`: checks F (inspectBackup), refuses while the database is in use
 * (assertNotInUse), copies F through SQLite's backup API to a temporary file beside the database,
 * moves the database it replaces aside (`<db>.before-restore-<time>`, with its -wal if one is
 * left) and renames the copy into place.
 */
export async function restoreDatabase(databaseUrl: string, from: string): Promise<RestoreResult> {
  const source = resolve(from);
  const database = sqliteFileOf(databaseUrl, 'restore', from);
  if (sameFile(source, database) || source === database) {
    throw new BackupError(`--from ${from} is the database itself.`);
  }
  const { schema } = inspectBackup(source);
  assertNotInUse(database);

  mkdirSync(dirname(database), { recursive: true });
  const temporary = temporaryBeside(database);
  try {
    const reader = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await copyThroughSqlite(reader, temporary);
    } finally {
      reader.close();
    }
    // Once more, right before the swap: the copy took time, and a service may have started.
    assertNotInUse(database);
    keepOwnership(database, temporary);

    let previous: string | null = null;
    if (existsSync(database)) {
      previous = `${database}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(database, previous);
      if (existsSync(`${database}-wal`)) renameSync(`${database}-wal`, `${previous}-wal`);
    }
    // A -wal left beside the new file would be replayed into it; a -shm describes the old WAL.
    removeQuietly(`${database}-wal`, `${database}-shm`, `${database}-journal`);
    renameSync(temporary, database);
    fsyncDirectory(dirname(database));
    return { restored: database, from: source, schema, previous };
  } finally {
    removeQuietly(temporary);
  }
}
