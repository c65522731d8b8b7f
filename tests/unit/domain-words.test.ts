import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The domain returns codes and values; the words a customer, the staff or the accountant read live in the
// catalogues (docs/CODE-MAP.md, « Strings »): the shop's fr*.ts, the admin's pt.ts/fr.ts and its takings-csv.ts and
// sms-templates.ts, the tickets' src/shared/i18n/ticket-fr.ts. This reads every literal of src/shared/domain and
// fails on one that reads like words, outside the data and contracts listed here, so the words do not come back.
const root = path.resolve(import.meta.dirname, '../..');
const DOMAIN = path.join(root, 'src/shared/domain');

/** Files whose words are data or a contract, whole. */
const WHOLE_FILES: Record<string, string> = {
  'refusals.ts':
    'the refusal texts the database returns word for word: one home, checked against the SQL (tests/integration/db-refusal-texts.test.ts)',
  'lux-postal-codes.ts': "the national register's localities (data, equal to public.postal_codes)",
  'restaurant-defaults.ts': "the restaurant's installed identity (data, equal to the migration's row)",
  'order-status.ts': 'the order statuses are the stored codes, French as the database holds them, and their variants',
  'reservation.ts': 'the reservation statuses are the stored codes',
  'menu-categories.ts': "the menu's categories as the menu names them (data, like the dishes)",
  'printable-text.ts': "the printer's code page as a table of characters, and the ligatures it lacks: no words",
};

/** Literals still worded in the domain, file by file, with the reason; the list may only shrink. */
const KNOWN: Record<string, { why: string; literals: string[] }> = {
  'delivery-zones.ts': {
    why: "town folding, equal to the database's town_key(): the accents it drops and the towns' other names",
    literals: [
      'àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöøōőùúûüūůűųýÿžźżšśşłř',
      'esch sur alzette',
      'esch alzette',
      'esch uelzecht',
      'eisch uelzecht',
      'luxembourg ville',
      'ville de luxembourg',
    ],
  },
  'french-dates.ts': {
    why: "the French calendar the dates are written with (tickets, e-mails' format.ts, the database's french_day())",
    literals: ['février', 'août', 'décembre'],
  },
  'reservation-form.ts': {
    why: 'a new reservation row carries the stored status code',
    literals: ['En attente'],
  },
  'store-settings.ts': {
    why: 'stored with is_enabled false, as the spec writes the row; never shown (each app words the closed shop)',
    literals: ['As encomendas online estão temporariamente fechadas.'],
  },
};

/** The trimmed text reads like words (a phrase, an accented word, a capitalised or shouted word). */
function wordLike(text: string): boolean {
  const t = text.trim();
  if (!t || /^https?:\/\//.test(t)) return false;
  // Technical names: a time zone, an error's name, Unicode normal forms.
  if (/^(?:[A-Z][a-z]+\/[A-Za-z_]+|[A-Z][A-Za-z]*Error|NF[CD]|NFK[CD])$/.test(t)) return false;
  return (
    /\p{L}{2,}\s+\p{L}{2,}/u.test(t) ||
    /[À-ÖØ-öø-ÿŒœ]/u.test(t) ||
    /^\p{Lu}\p{Ll}{2,}/u.test(t) ||
    /(?<!\p{L})\p{Lu}{3,}(?!\p{L})/u.test(t)
  );
}

/** A template's literal parts hold words when one has a word of three letters or more (a file extension aside). */
const templatePartWordLike = (text: string) =>
  !/^\s*https?:\/\//.test(text) && /\p{L}{3,}/u.test(text.replace(/\.[a-z0-9]{2,4}\b/g, ''));

/** Texts for developers: an error's message, not something the app shows. */
function inErrorMessage(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
      const callee = n.expression.getText();
      return /Error$/.test(callee) || n.expression.kind === ts.SyntaxKind.SuperKeyword;
    }
    if (ts.isBlock(n) || ts.isSourceFile(n)) return false;
  }
  return false;
}

/** The word-like literals of one source text. */
function wordLiterals(source: string, fileName = 'x.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !inErrorMessage(node)) {
      if (wordLike(node.text)) found.push(node.text);
    } else if (ts.isTemplateExpression(node) && !inErrorMessage(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      if (parts.some(templatePartWordLike)) found.push(node.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const domainFiles = fs
  .readdirSync(DOMAIN)
  .filter((f) => f.endsWith('.ts'))
  .sort();

describe('src/shared/domain holds codes and values, the catalogues hold the words', () => {
  it('finds the words it is meant to find, and no codes', () => {
    expect(wordLiterals("export const THANKS = 'Merci et bon appétit !';")).toEqual(['Merci et bon appétit !']);
    expect(wordLiterals("w.text('CUISINE'); w.leader('Sous-total', x); f('Espèces');")).toEqual([
      'CUISINE',
      'Sous-total',
      'Espèces',
    ]);
    expect(wordLiterals('const s = (n: number) => `${n} commande${n > 1 ? "s" : ""}`;')).toHaveLength(1);
    expect(
      wordLiterals(
        "if (x) return 'zone_overlap'; const a = { align: 'center', size: 'double' }; const z = 'Europe/Luxembourg';" +
          'throw new RangeError(`Unsupported ticket width: ${w}`); const d = `${y}-${m}-01`; const f = `${s}-${d}.csv`;' +
          " import x from './ticket.js';",
      ),
    ).toEqual([]);
  });

  it('has no word-like literal outside its data, its contracts and the listed remainder', () => {
    const unexpected: string[] = [];
    const stale: string[] = [];
    for (const name of domainFiles) {
      if (name in WHOLE_FILES) continue;
      const found = wordLiterals(fs.readFileSync(path.join(DOMAIN, name), 'utf8'), name);
      const known = KNOWN[name]?.literals ?? [];
      for (const literal of found) if (!known.includes(literal)) unexpected.push(`${name}: ${literal}`);
      for (const literal of known) if (!found.includes(literal)) stale.push(`${name}: ${literal}`);
    }
    // A new text belongs in a catalogue (the domain returns a code, the app words it), not here.
    expect(unexpected).toEqual([]);
    // A text moved out of the domain leaves this list too.
    expect(stale).toEqual([]);
  });

  it('lists only files that exist', () => {
    for (const name of [...Object.keys(WHOLE_FILES), ...Object.keys(KNOWN)]) expect(domainFiles).toContain(name);
  });
});
