/**
 * A small, strict XML reader for data documents (ENTSO-E market documents): elements,
 * attributes, text, CDATA, comments, processing instructions and the predefined and numeric
 * entities. No DTDs (refused, so no entity expansion attacks). Namespace prefixes are dropped
 * from names, since the documents we read use one default namespace.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** Line of the start tag. */
  line: number;
}

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} at line ${line}`);
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string, line: () => number): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (m, body: string) => {
    if (!m.endsWith(";")) throw new XmlSyntaxError("bad entity", line());
    if (body[0] === "#") {
      const code = body[1] === "x" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return String.fromCodePoint(code);
    }
    const v = ENTITIES[body];
    if (v === undefined) throw new XmlSyntaxError(`unknown entity &${body};`, line());
    return v;
  });
}

const localName = (qname: string) => qname.slice(qname.indexOf(":") + 1);

export function parseXml(source: string): XmlElement {
  const s = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let i = 0;
  let lastPos = 0;
  let lastLine = 1;
  const lineAt = (pos: number) => {
    if (pos < lastPos) {
      lastPos = 0;
      lastLine = 1;
    }
    for (let k = lastPos; k < pos && k < s.length; k++) if (s.charCodeAt(k) === 10) lastLine++;
    lastPos = Math.min(pos, s.length);
    return lastLine;
  };
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const NAME = /[A-Za-z_][\w.:-]*/y;
  const ATTR = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;
  while (i < s.length) {
    const lt = s.indexOf("<", i);
    const textEnd = lt === -1 ? s.length : lt;
    if (textEnd > i) {
      const raw = s.slice(i, textEnd);
      if (stack.length) stack[stack.length - 1].text += decode(raw, () => lineAt(i));
      else if (raw.trim()) throw new XmlSyntaxError("text outside the root element", lineAt(i));
      i = textEnd;
    }
    if (lt === -1) break;
    if (s.startsWith("<?", lt)) {
      const end = s.indexOf("?>", lt);
      if (end === -1) throw new XmlSyntaxError("unterminated processing instruction", lineAt(lt));
      i = end + 2;
    } else if (s.startsWith("<!--", lt)) {
      const end = s.indexOf("-->", lt);
      if (end === -1) throw new XmlSyntaxError("unterminated comment", lineAt(lt));
      i = end + 3;
    } else if (s.startsWith("<![CDATA[", lt)) {
      const end = s.indexOf("]]>", lt);
      if (end === -1) throw new XmlSyntaxError("unterminated CDATA", lineAt(lt));
      if (stack.length) stack[stack.length - 1].text += s.slice(lt + 9, end);
      i = end + 3;
    } else if (s.startsWith("<!", lt)) {
      throw new XmlSyntaxError("document type declarations are not accepted", lineAt(lt));
    } else if (s.startsWith("</", lt)) {
      NAME.lastIndex = lt + 2;
      const m = NAME.exec(s);
      const close = s.indexOf(">", lt);
      if (!m || close === -1 || s.slice(NAME.lastIndex, close).trim()) throw new XmlSyntaxError("bad end tag", lineAt(lt));
      const open = stack.pop();
      if (!open || open.name !== localName(m[0])) throw new XmlSyntaxError(`mismatched end tag </${m[0]}>`, lineAt(lt));
      i = close + 1;
    } else {
      NAME.lastIndex = lt + 1;
      const m = NAME.exec(s);
      if (!m) throw new XmlSyntaxError("bad start tag", lineAt(lt));
      const el: XmlElement = { name: localName(m[0]), attrs: {}, children: [], text: "", line: lineAt(lt) };
      let pos = NAME.lastIndex;
      for (;;) {
        ATTR.lastIndex = pos;
        const a = ATTR.exec(s);
        if (!a) break;
        el.attrs[localName(a[1])] = decode(a[3] ?? a[4] ?? "", () => lineAt(pos));
        pos = ATTR.lastIndex;
      }
      while (pos < s.length && /\s/.test(s[pos])) pos++;
      const selfClosing = s.startsWith("/>", pos);
      if (!selfClosing && s[pos] !== ">") throw new XmlSyntaxError("bad start tag", lineAt(lt));
      if (stack.length) stack[stack.length - 1].children.push(el);
      else if (root) throw new XmlSyntaxError("more than one root element", lineAt(lt));
      else root = el;
      if (!selfClosing) stack.push(el);
      i = pos + (selfClosing ? 2 : 1);
    }
  }
  if (stack.length) throw new XmlSyntaxError(`unclosed element <${stack[stack.length - 1].name}>`, lineAt(s.length));
  if (!root) throw new XmlSyntaxError("no root element", 1);
  return root;
}

export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

export function children(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

export function childText(el: XmlElement, name: string): string | undefined {
  const c = child(el, name);
  return c ? c.text.trim() : undefined;
}
