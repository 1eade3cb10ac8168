import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/**
 * A small text layout over pdf-lib: A4 pages, one column, blocks of wrapped text that flow onto new
 * pages. The font is DejaVu Sans (server/legal/fonts, Bitstream Vera licence), embedded as a subset:
 * the standard PDF fonts carry no ș, ț or ă, and a reader must be able to copy the text out.
 */

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  /** A label and its value on one line ("Marca: Glock"), the label in bold. */
  | { kind: 'field'; label: string; value: string }
  | { kind: 'note'; text: string }
  /** Vertical space, in points. */
  | { kind: 'space'; size: number }
  | { kind: 'pageBreak' };

const FONT_DIR = path.join(import.meta.dirname, 'fonts');
/** Read once: the files are ~700 KB each, and every download embeds a subset of them. */
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | null = null;
const fonts = () => {
  fontBytes ??= {
    regular: readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  };
  return fontBytes;
};
let coverage: ReturnType<typeof fontkit.create> | null = null;

/**
 * The text with every character the font cannot draw made "?": typed text may hold any Unicode, and
 * a character without a glyph would be drawn as an empty box that nobody can read back.
 */
export function drawable(text: string): string {
  coverage ??= fontkit.create(fonts().regular);
  const font = coverage;
  return Array.from(text, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code === 0x20 || font.hasGlyphForCodePoint(code) ? ch : '?';
  }).join('');
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = A4.width - 2 * MARGIN;
const SIZES = { title: 16, heading: 11.5, text: 10, field: 10, note: 8.5 } as const;
const LEADING = 1.45;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.35, 0.35, 0.35);

/** Breaks a word wider than the column into pieces that fit (a long serial number, a URL). */
function splitWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of Array.from(word)) {
    if (piece && font.widthOfTextAtSize(piece + ch, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** The lines of a paragraph at this width; the first may be shorter (`firstWidth`, after a label). */
export function wrap(text: string, font: PDFFont, size: number, width: number, firstWidth = width): string[] {
  const lines: string[] = [];
  let line = '';
  const room = () => (lines.length === 0 ? firstWidth : width);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= room()) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    const pieces = font.widthOfTextAtSize(word, size) <= room() ? [word] : splitWord(word, font, size, width);
    for (const piece of pieces.slice(0, -1)) lines.push(piece);
    line = pieces.at(-1) ?? '';
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Moves down one line of this size, on a new page when the line would not fit. */
  private nextLine(size: number) {
    const height = size * LEADING;
    if (this.y - height < MARGIN) this.newPage();
    this.y -= height;
  }

  space(size: number) {
    this.y -= size;
  }

  paragraph(text: string, size: number, font: PDFFont, color = INK) {
    for (const line of wrap(text, font, size, WIDTH)) {
      this.nextLine(size);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
    }
  }

  field(label: string, value: string, size: number) {
    const head = `${label}: `;
    const headWidth = this.bold.widthOfTextAtSize(head, size);
    wrap(value, this.regular, size, WIDTH, WIDTH - headWidth).forEach((line, i) => {
      this.nextLine(size);
      if (i === 0) this.page.drawText(head, { x: MARGIN, y: this.y, size, font: this.bold, color: INK });
      const x = MARGIN + (i === 0 ? headWidth : 0);
      this.page.drawText(line, { x, y: this.y, size, font: this.regular, color: INK });
    });
  }

  block(block: Block) {
    switch (block.kind) {
      case 'title':
        this.paragraph(block.text, SIZES.title, this.bold);
        return this.space(6);
      case 'heading':
        this.space(8);
        return this.paragraph(block.text, SIZES.heading, this.bold);
      case 'text':
        return this.paragraph(block.text, SIZES.text, this.regular);
      case 'field':
        return this.field(block.label, block.value, SIZES.field);
      case 'note':
        return this.paragraph(block.text, SIZES.note, this.regular, GREY);
      case 'space':
        return this.space(block.size);
      case 'pageBreak':
        return this.newPage();
    }
  }
}

/** The blocks as a PDF, every string made drawable first. */
export async function renderPdf(
  blocks: Block[],
  meta: { title: string; subject: string; language: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const { regular, bold } = fonts();
  const writer = new Writer(
    doc,
    await doc.embedFont(regular, { subset: true }),
    await doc.embedFont(bold, { subset: true }),
  );
  for (const block of blocks) {
    if (block.kind === 'field') writer.block({ ...block, value: drawable(block.value) });
    else if ('text' in block) writer.block({ ...block, text: drawable(block.text) });
    else writer.block(block);
  }
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setLanguage(meta.language);
  doc.setProducer('ArmaMarket');
  doc.setCreator('ArmaMarket');
  return doc.save();
}
