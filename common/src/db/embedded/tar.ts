import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';

const BLOCK = 512;
const COPY_CHUNK = 1024 * 1024;

/** A NUL-terminated text field of a tar header. */
function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

/**
 * Unpacks a plain (ustar, uncompressed) tarball of directories and regular
 * files into `directory`, reading and writing a chunk at a time, so that a
 * database template of 40 MB costs no more than 1 MB of memory. Anything
 * else in the archive (links, devices, a path leaving `directory`) is
 * refused: the template is ours, and this keeps it from ever writing
 * outside the data directory.
 */
export async function extractTar(archive: string, directory: string): Promise<void> {
  const input = await open(archive, 'r');
  const header = Buffer.alloc(BLOCK);
  const chunk = Buffer.alloc(COPY_CHUNK);
  const root = path.resolve(directory);
  try {
    let position = 0;
    for (;;) {
      const { bytesRead } = await input.read(header, 0, BLOCK, position);
      // Two zero blocks end the archive; a short read means it was cut off.
      if (bytesRead < BLOCK) throw new Error(`${archive} ends in the middle of a header`);
      if (header.every((byte) => byte === 0)) return;
      position += BLOCK;
      const name = [text(header, 345, 155), text(header, 0, 100)].filter(Boolean).join('/');
      const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
      const type = String.fromCharCode(header[156] ?? 0);
      const target = path.resolve(root, `.${path.posix.sep}${name}`);
      if (target !== root && !target.startsWith(`${root}${path.sep}`))
        throw new Error(`${archive} names a path outside its directory: ${name}`);
      if (type === '5') {
        await mkdir(target, { recursive: true });
      } else if (type === '0' || type === '\0') {
        await mkdir(path.dirname(target), { recursive: true });
        const output = await open(target, 'w', 0o600);
        try {
          for (let copied = 0; copied < size;) {
            const wanted = Math.min(COPY_CHUNK, size - copied);
            const read = await input.read(chunk, 0, wanted, position + copied);
            if (read.bytesRead === 0) throw new Error(`${archive} ends in the middle of ${name}`);
            await output.write(chunk, 0, read.bytesRead);
            copied += read.bytesRead;
          }
        } finally {
          await output.close();
        }
      } else {
        throw new Error(`${archive} holds an entry of type '${type}' (${name}); only directories and files are expected`);
      }
      position += Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await input.close();
  }
}
