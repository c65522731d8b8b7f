import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  checkReportPeriod,
  csvField,
  takingsCsv,
  takingsCsvFileName,
  takingsReportSchema,
} from '../../../src/shared/domain/takings';
import { TAKINGS_CSV_FR } from '../../../src/admin/i18n/takings-csv';
import { TICKET_FR } from '../../../src/shared/i18n/ticket-fr';
import { dstSundayReport } from '../../fixtures/takings-report';

describe('takings report helpers', () => {
  it('formats whole cents with a decimal comma, never through a float', () => {
    expect([
      centsToDecimal(0),
      centsToDecimal(5),
      centsToDecimal(9651),
      centsToDecimal(-138),
      centsToDecimal(123456789),
    ]).toEqual(['0,00', '0,05', '96,51', '-1,38', '1234567,89']);
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it('accepts periods of one to 366 days, in order', () => {
    expect(checkReportPeriod('2026-10-25', '2026-10-25')).toBe('ok');
    expect(checkReportPeriod('2024-01-01', '2024-12-31')).toBe('ok');
    expect(checkReportPeriod('2025-01-01', '2026-01-02')).toBe('too_long');
    expect(checkReportPeriod('2026-10-26', '2026-10-25')).toBe('reversed');
    expect(checkReportPeriod('2026-02-30', '2026-03-01')).toBe('invalid');
    expect(TICKET_FR.daySummary.period('2026-10-25', '2026-10-25')).toBe('Dimanche 25 octobre 2026');
    expect(TICKET_FR.daySummary.period('2026-10-24', '2026-10-26')).toBe('Du 24/10/2026 au 26/10/2026');
  });

  it('quotes CSV texts that need it and neutralises formulas', () => {
    expect(csvField('Poulet; frites')).toBe('"Poulet; frites"');
    expect(csvField('Le "vrai" poulet')).toBe('"Le ""vrai"" poulet"');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(17)).toBe('17');
  });

  it('writes the accountant CSV: BOM, semicolons, decimal comma, CRLF, every section', () => {
    const csv = takingsCsv(dstSundayReport(), TAKINGS_CSV_FR, new Date('2026-10-25T22:59:30Z'));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(
      csv
        .slice(1)
        .split('\r\n')
        .some((l) => l.includes('\n')),
    ).toBe(false);
    const rows = csv.slice(1).split('\r\n');
    expect(rows[0]).toBe('Rapport de recettes;Du;25/10/2026;Au;25/10/2026');
    expect(rows[1]).toBe('Fuseau horaire;Europe/Luxembourg;Généré le;25/10/2026 23:59');
    for (const line of [
      'Recettes TTC;5;96,51',
      'Frais de livraison;;5,00',
      'Remises;;1,38',
      'Ticket moyen;;19,30',
      'Annulées (hors recettes);1;30,00',
      'En cours (hors recettes);1;15,00',
      'Espèces;3;59,32',
      'Carte;2;37,19',
      'Livraison;2;54,12',
      'À emporter;3;42,39',
      'Taux TVA (%);Base HT (EUR);TVA (EUR);Total TTC (EUR)',
      '3;78,09;2,34;80,43',
      '17;13,74;2,34;16,08',
      'Total;91,83;4,68;96,51',
      '25/10/2026;5;96,51',
      'Poulet entier grillé;3;45,00',
      'Super Bock 33 cl;2;7,80',
      '02h;2;37,19',
      '03h;0;0,00',
    ]) {
      expect(rows, line).toContain(line);
    }
    expect(rows.filter((r) => /^\d\dh;/.test(r))).toHaveLength(24);
    expect(csv).not.toMatch(/\d\.\d\d(;|\r)/);
    expect(takingsCsvFileName(dstSundayReport(), TAKINGS_CSV_FR)).toBe('recettes-2026-10-25.csv');
    expect(takingsCsvFileName({ from: '2026-10-01', to: '2026-10-31' }, TAKINGS_CSV_FR)).toBe(
      'recettes-2026-10-01_2026-10-31.csv',
    );
  });

  it('reads the RPC answer and refuses amounts that are not whole cents', () => {
    expect(takingsReportSchema.parse(dstSundayReport())).toEqual(dstSundayReport());
    const bad = { ...dstSundayReport(), takings: { ...dstSundayReport().takings, total_cents: 96.51 } };
    expect(takingsReportSchema.safeParse(bad).success).toBe(false);
  });
});
