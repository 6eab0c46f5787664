import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/architecture.md's "Folders" table is the map a newcomer reads first:
 * it must name only folders that exist, and every top-level folder of the
 * code must be in it, so a moved or added folder cannot leave it behind.
 */
const ROOT = path.resolve(__dirname, '..');
const DOC = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** The folders the "Folders" section's table names in its first column. */
function mappedFolders(): string[] {
  const section = DOC.slice(DOC.indexOf('\n## Folders\n'), DOC.indexOf('\n## ', DOC.indexOf('\n## Folders\n') + 1));
  return [...section.matchAll(/^\| `([^`]+\/)` \|/gm)].map((match) => match[1]!);
}

/** Folders at the top of the repository that hold code or its tooling (not docs/ itself, nor what is ignored). */
function topLevelFolders(): string[] {
  const ignored = readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
    .filter(Boolean);
  return readdirSync(ROOT)
    .filter((name) => !name.startsWith('.') && name !== 'node_modules' && name !== 'docs' && !ignored.includes(name))
    .filter((name) => statSync(path.join(ROOT, name)).isDirectory());
}

describe('docs/architecture.md: the folder map', () => {
  const mapped = mappedFolders();

  it('names folders', () => {
    expect(mapped.length).toBeGreaterThan(10);
  });

  it.each(mapped)('%s exists', (folder) => {
    expect(statSync(path.join(ROOT, folder)).isDirectory()).toBe(true);
  });

  it('names every top-level folder of the code, alone or by a folder inside it', () => {
    const unnamed = topLevelFolders().filter((top) => !mapped.some((folder) => folder.split('/')[0] === top));
    expect(unnamed).toEqual([]);
  });
});
