/**
 * A freshly initialised embedded database as a tarball, made once at build
 * time (`npm run build` runs this file). A first start loads it instead of
 * running PGlite's initdb, which takes 4–8 s and peaks at about 600 MB of
 * WebAssembly memory; loading the template takes about 1 s and a third of
 * that. initdb's output depends only on the PGlite version, which names the
 * file; without a template for the installed version, the start runs initdb.
 */
import { access, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the template of the installed PGlite version is kept (beside this file, in dist/). */
export async function templatePath(): Promise<string> {
  // PGlite's package does not export its package.json; it sits above the entry point.
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return path.join(__dirname, `pglite-${version}-template.tar`);
}

export async function existingTemplate(): Promise<string | undefined> {
  const template = await templatePath();
  try {
    await access(template);
    return template;
  } catch {
    return undefined;
  }
}

async function makeTemplate(): Promise<void> {
  if (await existingTemplate()) return;
  const { PGlite } = await import('@electric-sql/pglite');
  // In memory: initdb writes straight into it, and nothing lands on disk but the tarball.
  const db = await PGlite.create();
  const tarball = await db.dumpDataDir('none');
  await db.close();
  const template = await templatePath();
  const partial = `${template}.partial`;
  await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
  await rename(partial, template);
}

if (require.main === module) {
  makeTemplate().catch((error: unknown) => {
    process.stderr.write(`Could not make the embedded database template: ${String(error)}\n`);
    process.exit(1);
  });
}
