/**
 * Fixed-width text for receipt printers. Widths count Unicode code points of NFC text, so "é" and
 * "€" are one column each; the renderer maps them to the printer's code page.
 */

export function textWidth(text: string): number {
  return [...text.normalize('NFC')].length;
}

function sliceColumns(text: string, start: number, end?: number): string {
  return [...text].slice(start, end).join('');
}

/** Splits text into lines of at most width columns, at spaces when possible. */
export function wrapText(text: string, width: number): string[] {
  if (width < 1) throw new RangeError('width must be positive');
  const lines: string[] = [];
  for (const paragraph of text.normalize('NFC').split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let w = word;
      if (line && textWidth(line) + 1 + textWidth(w) <= width) {
        line += ` ${w}`;
        continue;
      }
      if (line) lines.push(line);
      while (textWidth(w) > width) {
        lines.push(sliceColumns(w, 0, width));
        w = sliceColumns(w, width);
      }
      line = w;
    }
    lines.push(line);
  }
  // Blank paragraphs in the middle are kept; trailing blanks are not.
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * "2x Poulet grillé ........ 25,00 €": the left text wrapped to leave room for the right text,
 * which sits on the last line, joined by a dotted leader.
 */
export function leaderLines(left: string, right: string, width: number, leader = '.'): string[] {
  const rightWidth = textWidth(right);
  if (rightWidth === 0) return wrapText(left, width);
  const room = width - rightWidth - 2;
  if (room < 1) return [...wrapText(left, width), padStart(right, width)];
  const lines = wrapText(left, room);
  const last = lines.pop() ?? '';
  const gap = width - textWidth(last) - rightWidth;
  const fill = gap >= 3 ? ` ${leader.repeat(gap - 2)} ` : ' '.repeat(gap);
  return [...lines, `${last}${fill}${right}`];
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - textWidth(text))) + text;
}

/**
 * The few typographic characters a receipt code page lacks and the printer writes as several
 * letters ("œ" as "oe", "…" as "..."), spelled out before layout so the line widths stay true on
 * paper. Accents and "€" are kept: mapping them to the code page is the renderer's job.
 */
export function spellOutLigatures(text: string): string {
  return text.normalize('NFC').replace(/œ/g, 'oe').replace(/Œ/g, 'OE').replace(/…/g, '...');
}
