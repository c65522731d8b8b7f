import iconv from 'iconv-lite';

export interface DecodedLine {
  text: string;
  align: 'left' | 'center' | 'right';
  bold: boolean;
  doubleHeight: boolean;
  codePage: number | null;
}

export interface DecodedJob {
  /** Tickets, split at each paper cut. */
  tickets: DecodedLine[][];
  cuts: number;
  drawerKicks: number;
  /** Code page in force right after each cut (null: none selected). */
  codePageAfterCut: (number | null)[];
}

const CODE_PAGES: Record<number, string> = { 0: 'cp437', 2: 'cp850', 16: 'cp1252', 19: 'cp858' };

/**
 * Reads raw ESC/POS bytes the way an Epson printer would: commands change state, other bytes are
 * text in the active code page, LF ends a line, GS V cuts. Enough of the command set to check tickets.
 */
export function decodeEscPos(buf: Buffer): DecodedJob {
  const tickets: DecodedLine[][] = [[]];
  const codePageAfterCut: (number | null)[] = [];
  let cuts = 0;
  let drawerKicks = 0;
  let align: DecodedLine['align'] = 'left';
  let bold = false;
  let doubleHeight = false;
  let codePage: number | null = null;
  let pendingCutCheck = false;
  let text: number[] = [];
  let decoded = '';
  let lineCodePage: number | null = null;

  // Text is decoded in the code page in force when its bytes arrive (it may change mid-line).
  const decodePending = () => {
    if (text.length) decoded += iconv.decode(Buffer.from(text), CODE_PAGES[codePage ?? 0] ?? 'cp437');
    text = [];
  };
  const flush = () => {
    decodePending();
    tickets[tickets.length - 1].push({ text: decoded, align, bold, doubleHeight, codePage: lineCodePage ?? codePage });
    decoded = '';
    lineCodePage = null;
  };

  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === 0x0a) {
      flush();
      continue;
    }
    if (b === 0x1b) {
      const c = buf[++i];
      if (c === 0x40) {
        align = 'left';
        bold = false;
        doubleHeight = false;
        codePage = null;
      } else if (c === 0x74) {
        decodePending();
        codePage = buf[++i];
      } else if (c === 0x61) align = (['left', 'center', 'right'] as const)[buf[++i] % 48] ?? 'left';
      else if (c === 0x45) bold = buf[++i] === 1;
      else if (c === 0x21) doubleHeight = (buf[++i] & 0x10) !== 0;
      else if (c === 0x70) {
        drawerKicks++;
        i += 3;
      } else if (c === 0x64 || c === 0x4d || c === 0x2d || c === 0x47 || c === 0x7b) i += 1;
      else if (c === 0x1d && buf[i + 1] === 0x74) {
        codePage = buf[i + 2];
        i += 2;
      }
      continue;
    }
    if (b === 0x1d) {
      const c = buf[++i];
      if (c === 0x56) {
        const mode = buf[++i];
        if (mode === 0x41 || mode === 0x42) i++;
        if (text.length || decoded) flush();
        cuts++;
        tickets.push([]);
        pendingCutCheck = true;
      } else if (c === 0x21) doubleHeight = (buf[++i] & 0x01) !== 0;
      else i += 1;
      continue;
    }
    if (b === 0x0b || b === 0x0d) continue; // vertical tab (feed before cut), carriage return
    if (pendingCutCheck && b >= 0x20) {
      codePageAfterCut.push(codePage);
      pendingCutCheck = false;
    }
    if (lineCodePage === null) lineCodePage = codePage;
    text.push(b);
  }
  if (pendingCutCheck) codePageAfterCut.push(codePage);
  if (text.length || decoded) flush();
  if (tickets[tickets.length - 1].length === 0) tickets.pop();
  return { tickets, cuts, drawerKicks, codePageAfterCut };
}
