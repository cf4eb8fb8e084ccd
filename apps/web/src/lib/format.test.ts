import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  MISSING_VALUE,
} from './format';

// Intl's French output uses U+202F between thousands and U+00A0 before the unit.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('formats euros the French way', () => {
    expect(formatMoney('1234.00', 'fr')).toBe(`1${NNBSP}234,00${NBSP}€`);
    expect(formatMoney(49, 'fr')).toBe(`49,00${NBSP}€`);
    expect(formatMoney('0.5', 'fr')).toBe(`0,50${NBSP}€`);
  });

  it('formats euros the English way', () => {
    expect(formatMoney('1234.00', 'en')).toBe('€1,234.00');
  });

  it('keeps the sign of refunds', () => {
    expect(formatMoney('-12.30', 'fr')).toBe(`-12,30${NBSP}€`);
    expect(formatMoney(-12.3, 'en')).toBe('-€12.30');
  });

  it('shows a dash for an amount it cannot read instead of a misleading zero', () => {
    expect(formatMoney('douze', 'fr')).toBe(MISSING_VALUE);
    expect(formatMoney(Number.NaN, 'fr')).toBe(MISSING_VALUE);
    expect(formatCents(1.5, 'fr')).toBe(MISSING_VALUE);
  });

  it('formats integer cents', () => {
    expect(formatCents(123456, 'fr')).toBe(`1${NNBSP}234,56${NBSP}€`);
  });
});

describe('formatDate', () => {
  const date = '2026-11-20T12:00:00Z';

  it('uses the French long format, with the article inside a sentence', () => {
    expect(formatDate(date, { language: 'fr' })).toBe('20 novembre 2026');
    expect(formatDate(date, { language: 'fr', withArticle: true })).toBe('le 20 novembre 2026');
  });

  it('writes the first of the month as an ordinal in French', () => {
    expect(formatDate('2026-11-01T12:00:00Z', { language: 'fr', withArticle: true })).toBe(
      'le 1er novembre 2026',
    );
    expect(formatDate('2026-11-01T12:00:00Z', { language: 'en' })).toBe('1 November 2026');
  });

  it('uses the English long format', () => {
    expect(formatDate(date, { language: 'en' })).toBe('20 November 2026');
    expect(formatDate(date, { language: 'en', withArticle: true })).toBe('on 20 November 2026');
  });

  it('shows a dash for an invalid date', () => {
    expect(formatDate('not a date', { language: 'fr' })).toBe(MISSING_VALUE);
  });
});

describe('numbers and rates', () => {
  it('groups thousands per language', () => {
    expect(formatNumber(1234567.5, {}, 'fr')).toBe(`1${NNBSP}234${NNBSP}567,5`);
    expect(formatNumber(1234567.5, {}, 'en')).toBe('1,234,567.5');
  });

  it('formats VAT rates given in percent', () => {
    expect(formatPercent(20, 'fr')).toBe(`20${NBSP}%`);
    expect(formatPercent(7.7, 'fr')).toBe(`7,7${NBSP}%`);
    expect(formatPercent(7.7, 'en')).toBe('7.7%');
  });
});
