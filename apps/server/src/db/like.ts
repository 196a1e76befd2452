/** LIKE patterns for text a person typed: LIKE's own characters (`%`, `_`, `\`) in it are taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`: the text anywhere (ILIKE for case; a trigram index serves it). */
export const containing = (text: string) => `%${literal(text)}%`;

/** `text%` in lower case: the text at the start, one range of a lower(...) collate "C" btree index. */
export const startingWith = (text: string) => `${literal(text.toLowerCase())}%`;
