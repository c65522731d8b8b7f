/**
 * Receipt printers print one 8-bit code page at a time. We use PC858 (PC850 with the euro sign),
 * which covers French and Portuguese; the few typographic characters it lacks are replaced by their
 * plain equivalents, so the paper and the on-screen preview show the same text.
 */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u0152': 'OE',
  '\u0153': 'oe',
  '\u2022': '*',
  '\u2032': "'",
};

// The characters of PC858 above ASCII, in code order (0x80-0xFF).
const PC858_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
const PRINTABLE = new Set(PC858_HIGH);

export function toPrintableText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (ch in REPLACEMENTS) out += REPLACEMENTS[ch];
    else if (ch.charCodeAt(0) < 0x80 || PRINTABLE.has(ch)) out += ch;
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...plain].every((c) => c.charCodeAt(0) < 0x80) && plain ? plain : '?';
    }
  }
  return out;
}
