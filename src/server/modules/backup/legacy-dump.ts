import { BackupRefusedError, checkRows, knownTable, type TableRows } from "./tables";

/**
 * Reads `database.sql` of a backup in format 1 (decision 0024; read, never run, decision 0059). Such a
 * file is what that version wrote and nothing else: comment lines, its two SET lines, and
 *
 *     INSERT INTO public."table" ("column", ...) VALUES
 *         (value, ...),
 *         (value, ...);
 *
 * where each value is NULL or a string as quote_nullable wrote it: '...' with '' for a quote (standard
 * conforming: a backslash is a backslash), or E'...' with '' and \\ (when the text held a backslash).
 * Anything else, a different statement, an escape quote_nullable never writes, a dollar-quoted string,
 * text after a closing quote, refuses the whole file. The text is turned into rows; it is never executed.
 */

/** The two lines before the data, exactly as format 1 wrote them. */
const PREAMBLE = ["SET client_encoding = 'UTF8';", "SET standard_conforming_strings = on;"];

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  refuse(what: string): never {
    const line = this.text.slice(0, this.at).split("\n").length;
    throw new BackupRefusedError(`database.sql line ${line}: ${what}`);
  }

  /** Spaces, tabs and line ends between the parts of a statement. */
  skipSpace(): void {
    while (this.at < this.text.length && " \t\r\n".includes(this.text[this.at] as string)) this.at++;
  }

  /** Whole comment lines and blank lines between statements. */
  skipBetweenStatements(): void {
    for (;;) {
      this.skipSpace();
      if (!this.text.startsWith("--", this.at)) return;
      const end = this.text.indexOf("\n", this.at);
      this.at = end === -1 ? this.text.length : end + 1;
    }
  }

  accept(expected: string): boolean {
    if (!this.text.startsWith(expected, this.at)) return false;
    this.at += expected.length;
    return true;
  }

  expect(expected: string): void {
    if (!this.accept(expected))
      this.refuse(`expected ${expected}, found ${JSON.stringify(this.text.slice(this.at, this.at + 30))}`);
  }

  /** A double-quoted identifier, "" standing for one ". */
  identifier(): string {
    this.expect('"');
    let name = "";
    for (;;) {
      const end = this.text.indexOf('"', this.at);
      if (end === -1) this.refuse("an identifier that does not end");
      name += this.text.slice(this.at, end);
      this.at = end + 1;
      if (!this.accept('"')) return name;
      name += '"';
    }
  }

  /** NULL, '...' or E'...' as quote_nullable writes them. */
  value(): string | null {
    if (this.accept("NULL")) return null;
    const escaped = this.accept("E'");
    if (!escaped) this.expect("'");
    let value = "";
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined) this.refuse("a string that does not end");
      this.at++;
      if (char === "'") {
        if (!this.accept("'")) return value;
        value += "'";
      } else if (char === "\\" && escaped) {
        // quote_literal writes a backslash as \\ and nothing else after one.
        if (!this.accept("\\")) this.refuse("a backslash escape format 1 never wrote");
        value += "\\";
      } else {
        value += char;
      }
    }
  }

  /** `(identifier, ...)` or `(value, ...)`. */
  list<T>(item: () => T): T[] {
    const items: T[] = [];
    this.expect("(");
    do {
      this.skipSpace();
      items.push(item());
      this.skipSpace();
    } while (this.accept(","));
    this.expect(")");
    return items;
  }

  insert(): TableRows {
    this.expect("INSERT INTO public.");
    const table = this.identifier();
    this.skipSpace();
    const columns = this.list(() => this.identifier());
    knownTable(table, columns);
    this.skipSpace();
    this.expect("VALUES");
    const rows: (string | null)[][] = [];
    do {
      this.skipSpace();
      rows.push(this.list(() => this.value()));
      this.skipSpace();
    } while (this.accept(","));
    this.expect(";");
    checkRows(table, columns, rows);
    return { table, columns, rows };
  }
}

/** The rows of a format-1 database.sql, or BackupRefusedError for anything that is not exactly that. */
export function readLegacyDump(text: string): TableRows[] {
  const reader = new Reader(text);
  reader.skipBetweenStatements();
  for (const line of PREAMBLE) {
    reader.expect(line);
    reader.skipBetweenStatements();
  }
  const tables: TableRows[] = [];
  while (reader.at < text.length) {
    tables.push(reader.insert());
    reader.skipBetweenStatements();
  }
  return tables;
}
