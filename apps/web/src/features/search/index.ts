/** The search feature's public entry: what other features and the app use of it, and all they may import. */
export { SearchBox } from './SearchBox.tsx';
export { useSearchCount } from './search.queries.ts';
