import { chmodSync, closeSync, constants, copyFileSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * The data dir holds the shop's database, keys and secrets: only the account running the app may
 * read it (docs/security.md, "Files and their modes"). Folders are 0700, files 0600.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Folders of the data dir whose files are ours as well (the devnets' state and endpoint files). */
const OWN_SUBFOLDERS = ['devnet'];

/**
 * From now on everything this process and its children create (anvil's state dumps, lock files,
 * whatever a later version adds) is its owner's only, whatever the caller's umask was. Process-wide,
 * like the heap settings: the core owns its process (the CLI's `serve`, Electron's main process).
 * Not in worker threads, which may not change it; meaningless on Windows, where ACLs decide.
 */
export function ownerOnlyByDefault(): void {
  if (process.platform === 'win32' || !isMainThread) return;
  process.umask(0o077);
}

/**
 * Creates the data dir 0700, or takes group and other access away from an existing one, from the
 * files in it and in its own subfolders (a data dir made by an earlier version was 0755, its files
 * 0644). Folders made by others in it (Electron's caches) are closed too, but not walked: the data
 * dir's own mode already keeps other accounts out of them.
 * @returns what could not be tightened (e.g. a folder owned by another account), for a warning
 */
export function makeDataDirPrivate(dir: string): string[] {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const problems: string[] = [];
  const tighten = (path: string) => {
    try {
      const stat = lstatSync(path);
      // A link is followed by chmod: leave what it points to (maybe outside the data dir) alone.
      if (stat.isSymbolicLink() || (stat.mode & 0o077) === 0) return;
      chmodSync(path, stat.mode & 0o700);
    } catch (err) {
      problems.push(`${path}: ${(err as Error).message}`);
    }
  };
  tighten(dir);
  for (const name of readdirSync(dir)) {
    tighten(join(dir, name));
    if (!OWN_SUBFOLDERS.includes(name)) continue;
    try {
      for (const inner of readdirSync(join(dir, name))) tighten(join(dir, name, inner));
    } catch {
      // not a folder: nothing inside to tighten
    }
  }
  return problems;
}

/** Writes `data` to a new 0600 file beside `file`, synced, and returns its name. */
function writeTemporary(file: string, data: string): string {
  const temporary = `${file}.${process.pid}.tmp`;
  // A leftover of a crash may exist with looser bits: the mode applies only to a file created now.
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temporary;
}

/** Replaces `file` with `data` as a 0600 file: written beside and renamed over, so a crash never leaves half a file. */
export function writePrivateFile(file: string, data: string): void {
  renameSync(writeTemporary(file, data), file);
}

/**
 * Creates `file` (0600) holding `data`, unless it exists: then nothing is written and false is
 * returned. Atomic (a link of a complete file), so two processes racing to create it never both win
 * and a crash never leaves half a file.
 */
export function createPrivateFile(file: string, data: string): boolean {
  const temporary = writeTemporary(file, data);
  try {
    return placeUnlessExists(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

const errno = (err: unknown) => (err as NodeJS.ErrnoException).code;

function placeUnlessExists(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (err) {
    if (errno(err) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'ENOSYS'].includes(errno(err) ?? '')) throw err;
  }
  // A file system without hard links (some network and container volumes): an exclusive copy, never
  // over an existing file either, though a crash during it could leave half of one.
  try {
    copyFileSync(from, to, constants.COPYFILE_EXCL);
    return true;
  } catch (err) {
    if (errno(err) === 'EEXIST') return false;
    throw err;
  }
}
