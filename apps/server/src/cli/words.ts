/**
 * A count with its noun, singular for one and plural otherwise: the command line speaks
 * English, and its messages say "1 licence issued" and "3 licences issued", never "licence(s)".
 */
export const countOf = (count: number, singular: string, plural: string): string =>
  `${count} ${count === 1 ? singular : plural}`;
