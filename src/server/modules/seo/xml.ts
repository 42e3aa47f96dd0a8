/**
 * The little XML the sitemaps and the product feed need (decision 0039): text escaped for element
 * content and attribute values, and elements written from a tree of plain values, so no string a seller
 * typed is ever glued into markup by hand.
 */

import { escapeXml } from "../../lib/escape";

/** An element: a name, and its text or its children (absent children are skipped). */
export interface XmlElement {
  name: string;
  children: string | readonly (XmlElement | undefined | false)[];
}

export const el = (name: string, children: XmlElement["children"]): XmlElement => ({ name, children });

/** An element holding text, or nothing when there is no text. */
export const textEl = (name: string, text: string | null | undefined): XmlElement | undefined =>
  text ? { name, children: text } : undefined;

function write(node: XmlElement, depth: number): string {
  const indent = "  ".repeat(depth);
  if (typeof node.children === "string") {
    return `${indent}<${node.name}>${escapeXml(node.children)}</${node.name}>`;
  }
  const inner = node.children.filter((child): child is XmlElement => Boolean(child));
  return [
    `${indent}<${node.name}>`,
    ...inner.map((child) => write(child, depth + 1)),
    `${indent}</${node.name}>`,
  ].join("\n");
}

/**
 * A whole document: the declaration, the root element with its namespace declarations (fixed strings
 * of this module, never data), and the children.
 */
export function xmlDocument(
  root: string,
  namespaces: Record<string, string>,
  children: XmlElement["children"],
  rootAttributes: Record<string, string> = {},
): string {
  const attributes = Object.entries({ ...rootAttributes, ...namespaces })
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");
  const body = write({ name: root, children }, 0).replace(`<${root}>`, `<${root}${attributes}>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}
