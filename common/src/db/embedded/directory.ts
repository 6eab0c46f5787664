import { access, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';

/** Whether `directory` holds a database (PostgreSQL writes PG_VERSION when initdb is done). */
export async function isDatabaseDirectory(directory: string): Promise<boolean> {
  try {
    await access(path.join(directory, 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes a new database in `directory`. Usually by unpacking the template made
 * at build time (template.ts): no initdb, a second or so, and little memory
 * (in a worker that exits, so the file I/O's buffers go with it: about 27 MB
 * stayed in the process when it unpacked on the main thread).
 * Without one, PGlite's initdb runs in a worker of its own that exits when
 * done: initdb grows WebAssembly memory to several hundred MB, which a
 * WebAssembly memory never gives back; it goes with the worker. Either way
 * the database is built beside `directory` and renamed into place, so a start
 * killed half-way leaves no half-made database behind.
 */
export async function createDatabaseDirectory(
  directory: string,
  how: {
    template: string | undefined;
    unpack: (template: string, directory: string) => Promise<void>;
    initdb: (directory: string) => Promise<void>;
  },
): Promise<void> {
  await mkdir(path.dirname(directory), { recursive: true });
  const entries = await readdir(directory).catch(() => undefined);
  if (entries && entries.length > 0) {
    throw new Error(`${directory} is not empty but holds no PostgreSQL database; move it away or point DATA_DIR elsewhere`);
  }
  const building = `${directory}.creating`;
  await rm(building, { recursive: true, force: true });
  if (how.template) await how.unpack(how.template, building);
  else await how.initdb(building);
  if (!(await isDatabaseDirectory(building))) throw new Error(`Creating the embedded database in ${building} failed`);
  if (entries) await rmdir(directory);
  await rename(building, directory);
}
