/**
 * JSON bodies that embed JSON text the services already hold (a wizard's
 * steps come from PostgreSQL as text) without parsing and re-serialising it.
 * raw() returns a placeholder; stringify() swaps each placeholder for its
 * text. Placeholders contain NUL, which no stored or client-sent string can
 * (the services refuse it), so they cannot collide with data.
 */
export class RawJson {
  private readonly fragments: string[] = [];

  raw(jsonText: string): string {
    this.fragments.push(jsonText);
    return `\u0000raw:${this.fragments.length - 1}\u0000`;
  }

  stringify(value: unknown): string {
    const text = JSON.stringify(value);
    if (this.fragments.length === 0) return text;
    return text.replace(/"\\u0000raw:(\d+)\\u0000"/g, (_match, index: string) => this.fragments[Number(index)]!);
  }
}
