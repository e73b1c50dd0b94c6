/**
 * A small RFC 4180 reader: comma or semicolon separated (the separator of the header line wins),
 * quoted fields with doubled quotes, CRLF or LF. Yields each record with its 1-based line number.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export function detectSeparator(headerLine: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 } as Record<"," | ";" | "\t", number>;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as "," | ";" | "\t"]++;
  }
  return (Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0] as "," | ";" | "\t") ?? ",";
}

export function* readCsv(text: string): Generator<CsvRecord> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstBreak = body.search(/\r?\n/);
  const sep = detectSeparator(firstBreak === -1 ? body : body.slice(0, firstBreak));
  let line = 1;
  let i = 0;
  const n = body.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let field = "";
    let quoted = false;
    let done = false;
    while (i < n && !done) {
      const ch = body[i];
      if (quoted) {
        if (ch === '"') {
          if (body[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          quoted = false;
          i++;
          continue;
        }
        if (ch === "\n") line++;
        field += ch;
        i++;
        continue;
      }
      if (ch === '"' && field === "") {
        quoted = true;
        i++;
      } else if (ch === sep) {
        fields.push(field);
        field = "";
        i++;
      } else if (ch === "\r" && body[i + 1] === "\n") {
        i += 2;
        line++;
        done = true;
      } else if (ch === "\n") {
        i++;
        line++;
        done = true;
      } else {
        field += ch;
        i++;
      }
    }
    fields.push(field);
    if (fields.length === 1 && fields[0].trim() === "") continue;
    yield { line: startLine, fields: fields.map((f) => f.trim()) };
  }
}
