import { fillText, sharedText, textPieces } from "../../../shared/i18n";
import type { Language } from "../../../shared/preferences";
import type { EmailMessage } from "../../adapters/email";
import { escapeHtml } from "../../lib/escape";
import type { EmailBrand } from "./store-look";

type Params = Record<string, string | number>;

/**
 * A catalogue text's pieces for HTML: its own words escaped once, its placeholders' names as they are.
 * An order's e-mails say the same thirty-odd texts every time (the pieces are kept by shared/i18n).
 */
const htmlPiecesOfTexts = new Map<string, string[]>();

function htmlPieces(text: string): string[] {
  let pieces = htmlPiecesOfTexts.get(text);
  if (!pieces) {
    pieces = textPieces(text).map((piece, n) => (n % 2 === 0 ? escapeHtml(piece) : piece));
    htmlPiecesOfTexts.set(text, pieces);
  }
  return pieces;
}

/**
 * A message written twice, as plain text and as HTML, from the same parts. Catalogue texts are ours;
 * every value put into them (names, titles, addresses: anything a seller or shopper typed) is escaped
 * in the HTML: the catalogue's words around the values are escaped once, each value when it is put in.
 */
export class Writer {
  private readonly text: string[] = [];
  private readonly html: string[] = [];
  /** `brand`: a shopper's e-mail from a store, drawn in its look (decision 0080); null for Torg's own. */
  constructor(
    readonly language: Language,
    private readonly brand: EmailBrand | null = null,
  ) {}

  t(key: string, params: Params = {}) {
    return fillText(textPieces(sharedText(this.language, `email.${key}`, params.count)), params);
  }

  /** The translated text as HTML: the catalogue's words escaped, the values escaped, never raw. */
  h(key: string, params: Params = {}) {
    return fillText(htmlPieces(sharedText(this.language, `email.${key}`, params.count)), params, escapeHtml);
  }

  paragraph(key: string, params?: Params) {
    this.text.push(this.t(key, params), "");
    this.html.push(`<p>${this.h(key, params)}</p>`);
  }

  heading(key: string) {
    const title = this.t(key);
    this.text.push(title, "-".repeat(title.length), "");
    this.html.push(`<h2 style="font-size:18px;margin:24px 0 8px">${this.h(key)}</h2>`);
  }

  link(key: string, label: string, url: string) {
    this.text.push(this.t(key, { link: url }), "");
    const style = this.brand ? ` style="color:${escapeHtml(this.brand.linkColor)}"` : "";
    this.html.push(`<p><a href="${escapeHtml(url)}"${style}>${this.h(label)}</a></p>`);
  }

  /** The message's one call to action (the order page): a button in the brand colour, a link in text. */
  button(key: string, label: string, url: string) {
    if (!this.brand) return this.link(key, label, url);
    this.text.push(this.t(key, { link: url }), "");
    const { color, onColor } = this.brand;
    const style = `display:inline-block;background:${escapeHtml(color)};color:${escapeHtml(onColor)};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600`;
    this.html.push(
      `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="${style}">${this.h(label)}</a></p>`,
    );
  }

  /** Rows of [label, value]: the receipt and the filled-in parts of the form. */
  table(rows: [string, string][]) {
    for (const [label, value] of rows) this.text.push(value ? `${label}  ${value}` : label);
    this.text.push("");
    const cells = rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    // The whole width, every table alike: the receipt's amounts and the seller block under them line up
    // on both edges, where each table's own width left them askew.
    this.html.push(`<table style="width:100%;border-collapse:collapse;margin:8px 0">${cells}</table>`);
  }

  /** Lines to write on, as the paper form has them. */
  blanks(keys: string[]) {
    for (const key of keys) this.text.push(`${this.t(key)} ______________________________`);
    this.text.push("");
    this.html.push(keys.map((key) => `<p>${this.h(key)} ______________________________</p>`).join(""));
  }

  done(subject: string): Omit<EmailMessage, "to"> {
    const body = this.html.join("\n");
    const head = `<!doctype html><html lang="${this.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`;
    const text = this.text.join("\n").trimEnd();
    if (!this.brand) {
      return {
        subject,
        text,
        html: `${head}<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:640px;color:#1c1917">${body}</body></html>`,
      };
    }
    const { name } = this.brand;
    return {
      subject,
      // The plain text opens with the store's name as the HTML opens with its logo or name.
      text: `${name}\n${"=".repeat(Math.min(name.length, 60))}\n\n${text}`,
      html: `${head}<body style="margin:0;padding:0;background:#ffffff"><div style="font-family:system-ui,sans-serif;line-height:1.5;max-width:640px;color:#1c1917">${brandHeader(this.brand)}<div style="padding:8px 24px 24px">${body}</div></div></body></html>`,
    };
  }
}

/**
 * The top of a shopper's e-mail: the store's wide logo on white over a rule in the brand colour (a logo
 * is drawn for paper, and may be the brand colour itself), or, without a logo, the store's name on a band
 * of the colour in the text colour that reads on it. The logo's height is fixed as an attribute too: some
 * mail programs (Outlook) ignore the CSS and would show it at its full 400 pixels.
 */
function brandHeader(brand: EmailBrand): string {
  const name = escapeHtml(brand.name);
  const color = escapeHtml(brand.color);
  if (brand.logoUrl)
    return `<div style="padding:20px 24px 16px;border-bottom:6px solid ${color}"><img src="${escapeHtml(brand.logoUrl)}" alt="${name}" height="64" style="display:block;height:64px;width:auto;max-width:100%;border:0"></div>`;
  return `<div style="background:${color};color:${escapeHtml(brand.onColor)};padding:16px 24px;font-size:20px;font-weight:700">${name}</div>`;
}
