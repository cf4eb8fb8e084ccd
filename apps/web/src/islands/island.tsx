import { createContext, use, type ComponentType } from 'react';
import type { IslandName, IslandWake } from './registry';

/**
 * An interactive part of a public page (docs/decisions/048-islands-on-public-pages.md).
 *
 * Inside the applications (cart, checkout: the whole page hydrates) it is just its component.
 * When the server draws a public page, it is a placeholder: the server draws the component
 * again as a root of its own, with its texts, and the browser hydrates that root alone, so the
 * rest of the page is HTML that no script touches.
 */

export interface IslandSlot {
  name: IslandName;
  component: ComponentType<never>;
  props: object;
}

/** What the server gives a page drawn with islands: each island placed gets its number. */
export interface IslandCollector {
  add(slot: IslandSlot): { index: number; payload: string; wake: IslandWake };
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** The id prefix of an island's root, the same on the server and in the browser (useId). */
export const islandIdPrefix = (index: number) => `i${index}-`;

/** The placeholder the server replaces with the island's own HTML. */
export const islandSlotMarkup = (index: number) =>
  `<template data-island-slot="${index}"></template>`;

export interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** Sent to the browser as JSON: plain data only. */
  props: P;
}

export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const collector = use(IslandCollectorContext);
  if (!collector) return <Component {...props} />;
  const { index, payload, wake } = collector.add({
    name,
    component: Component as ComponentType<never>,
    props,
  });
  // `display: contents`: the wrapper adds no box, so the page lays out as without it.
  return (
    <div
      data-island={name}
      data-island-index={index}
      data-island-wake={wake}
      data-island-props={payload}
      className="contents"
    >
      <template data-island-slot={index} />
    </div>
  );
}
