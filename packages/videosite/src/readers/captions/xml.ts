import { XMLParser } from "fast-xml-parser";

/**
 * A thin typed view of fast-xml-parser's ordered output, enough for the two XML caption formats. Entities are left
 * encoded (`processEntities: false`) because the formats escape differently: srv3 once, the classic format twice.
 */

/** An element: its name, attributes (raw strings) and ordered children. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

/** An element or a text node (raw, entities not decoded). */
export type XmlNode = XmlElement | { text: string };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  processEntities: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function convert(raw: unknown): XmlNode[] {
  if (!Array.isArray(raw)) return [];
  const nodes: XmlNode[] = [];
  for (const entry of raw) {
    if (typeof entry !== "object" || entry === null) continue;
    const record = entry as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === ":@") continue;
      if (key === "#text") nodes.push({ text: String(value) });
      else {
        const attributes: Record<string, string> = {};
        const rawAttributes = record[":@"];
        if (typeof rawAttributes === "object" && rawAttributes !== null)
          for (const [name, attr] of Object.entries(rawAttributes)) attributes[name] = String(attr);
        nodes.push({ name: key, attributes, children: convert(value) });
      }
    }
  }
  return nodes;
}

/** Parses XML into ordered nodes; null when the parser rejects the text. */
export function parseXml(body: string): XmlNode[] | null {
  try {
    return convert(parser.parse(body));
  } catch {
    return null;
  }
}

/** True for an element node. */
export function isElement(node: XmlNode): node is XmlElement {
  return "name" in node;
}

/** Every element named `name` at any depth, in document order (not descending into matches). */
export function findElements(nodes: readonly XmlNode[], name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (node.name === name) found.push(node);
    else found.push(...findElements(node.children, name));
  }
  return found;
}

/** The concatenated raw text below an element; `<br/>` counts as a space. */
export function rawText(element: XmlElement): string {
  return element.children
    .map((child) => (isElement(child) ? (child.name === "br" ? " " : rawText(child)) : child.text))
    .join("");
}
