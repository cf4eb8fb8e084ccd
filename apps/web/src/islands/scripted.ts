/**
 * The islands that move without React (`script` in registry.ts,
 * docs/decisions/059-scripted-islands.md): per island, its script, loaded on its own and run
 * over the server's HTML. Kept apart from the registry so the runtime loads this table alone.
 */
export const SCRIPTED_ISLANDS: Readonly<
  Record<string, () => Promise<(element: HTMLElement) => void>>
> = {
  'hero-showcase': () =>
    import('@/features/home/components/showcase-controller').then(
      ({ startShowcase }) =>
        (element) => {
          startShowcase(element);
        },
    ),
};
