import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { extract } from 'tar-stream';

/** An entry this extraction will not write. */
class RefusedEntry extends Error {}

/**
 * Unpacks a tarball of directories and regular files into `directory`
 * (tar-stream reads it as it streams, so a database template of 40 MB costs
 * no more memory than a chunk). Anything else in the archive (links,
 * devices, a path leaving `directory`) is refused: the template is ours, and
 * this keeps it from ever writing outside the data directory. An archive
 * that cannot be read to its end (cut short, say) fails the extraction.
 */
export async function extractTar(archive: string, directory: string): Promise<void> {
  const root = path.resolve(directory);
  const source = createReadStream(archive);
  const entries = extract();
  source.on('error', (error) => entries.destroy(error));
  source.pipe(entries);
  try {
    // Leaving the loop early (a refused entry) destroys the extraction.
    for await (const entry of entries) {
      const { name, type } = entry.header;
      const target = path.resolve(root, `.${path.posix.sep}${name}`);
      if (target !== root && !target.startsWith(`${root}${path.sep}`)) {
        throw new RefusedEntry(`${archive} names a path outside its directory: ${name}`);
      }
      if (type === 'directory') {
        await mkdir(target, { recursive: true });
        entry.resume();
      } else if (type === 'file') {
        await mkdir(path.dirname(target), { recursive: true });
        const output = await open(target, 'w', 0o600);
        try {
          for await (const chunk of entry) await output.write(chunk as Buffer);
        } finally {
          await output.close();
        }
      } else {
        throw new RefusedEntry(
          `${archive} holds an entry of type '${type ?? 'unknown'}' (${name}); only directories and files are expected`,
        );
      }
    }
  } catch (error) {
    if (error instanceof RefusedEntry) throw error;
    throw new Error(`${archive} could not be read to its end: ${(error as Error).message}`, { cause: error });
  } finally {
    source.destroy();
  }
}
