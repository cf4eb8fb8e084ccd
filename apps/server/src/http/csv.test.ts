import { describe, expect, it } from 'vitest';
import { csvEuros, csvPercent, toCsv } from './csv';

const BOM = '\uFEFF';

describe('CSV exports', () => {
  it('starts with the UTF-8 byte order mark and separates cells with ;', () => {
    const csv = toCsv(['email', 'langue'], [['léa@exemple.fr', 'fr']]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe('email;langue\r\nléa@exemple.fr;fr\r\n');
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('keeps formulas as text: = + - @ tab and carriage return get a leading quote', () => {
    const hostile = ['=1+1', '+33 6 12', '-2', '@SUM(A1)', '\tcmd', '\rcmd', '=HYPERLINK("x")'];
    const csv = toCsv(
      ['cell'],
      hostile.map((value) => [value]),
    );
    const lines = csv.slice(1).split('\r\n');
    expect(lines.slice(1, 8)).toEqual([
      "'=1+1",
      "'+33 6 12",
      "'-2",
      "'@SUM(A1)",
      "'\tcmd",
      // A carriage return inside a cell makes the cell quoted.
      '"\'\rcmd"',
      '"\'=HYPERLINK(""x"")"',
    ]);
  });

  it('keeps full-width signs and signs after spaces or line breaks as text too', () => {
    const hostile = [
      '\uFF1D1+1',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20SUM(A1)',
      ' =1+1',
      '\u3000=1',
      '\n=1',
    ];
    const csv = toCsv(
      ['cell'],
      hostile.map((value) => [value]),
    );
    expect(csv.slice(1).split('\r\n').slice(1, 8)).toEqual([
      "'\uFF1D1+1",
      "'\uFF0B1",
      "'\uFF0D1",
      "'\uFF20SUM(A1)",
      "' =1+1",
      "'\u3000=1",
      '"\'\n=1"',
    ]);
  });

  it('keeps a line break inside its cell: a name never starts a new row', () => {
    const csv = toCsv(['prénom', 'nom'], [['Jean\r=1+1', 'Martin']]);
    expect(csv.slice(1)).toBe('prénom;nom\r\n"Jean\r=1+1";Martin\r\n');
  });

  it('quotes cells holding the separator, quotes or line breaks, and writes dates in ISO', () => {
    const csv = toCsv(
      ['a', 'b', 'c', 'd'],
      [['Dupont; fils', 'dit "le grand"', 'deux\nlignes', new Date('2026-03-01T10:00:00Z')]],
    );
    expect(csv.slice(1).split('\r\n')[1]).toBe(
      '"Dupont; fils";"dit ""le grand""";"deux\nlignes";2026-03-01T10:00:00.000Z',
    );
  });

  it('leaves numbers, empty cells and plain text alone', () => {
    const csv = toCsv(['n', 'vide', 'texte'], [[-5, null, 'bonjour']]);
    expect(csv.slice(1).split('\r\n')[1]).toBe('-5;;bonjour');
  });

  it('writes French amounts with a comma between ;, English ones with a point between ,', () => {
    const row = (convention: 'fr' | 'en') =>
      toCsv(['€', '%', 'x'], [[12.5, csvPercent(550, convention), 'a, b']], convention)
        .slice(1)
        .split('\r\n')[1];
    expect(row('fr')).toBe('12,50;5,5;a, b');
    expect(row('en')).toBe('12.50,5.5,"a, b"');
  });

  it('writes cents as euros with two decimals and their sign, in either convention', () => {
    expect(csvEuros(49_000)).toBe('490,00');
    expect(csvEuros(5)).toBe('0,05');
    expect(csvEuros(-50)).toBe('-0,50');
    expect(csvEuros(-12_345, 'en')).toBe('-123.45');
    expect(csvEuros(0, 'en')).toBe('0.00');
    expect(csvPercent(2000)).toBe('20');
  });
});
