import Bowser from 'bowser';

/** Longest User-Agent worth parsing; real ones stay far below, hostile ones are cut. */
const USER_AGENT_MAX = 512;
const LABEL_PART_MAX = 40;

const part = (value: string | undefined): string | undefined => {
  const trimmed = value?.replace(/\p{Cc}+/gu, ' ').trim();
  return trimmed ? trimmed.slice(0, LABEL_PART_MAX) : undefined;
};

/**
 * The short label of a session's browser shown in the owner's list of sessions
 * (docs/product.md 'Accounts and sessions' ('Sessions and tokens')): "Chrome · Linux",
 * "Safari · iOS". Read once at sign-in with bowser (a maintained parser, MIT), so the full
 * User-Agent is never stored; null when nothing is recognised.
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, USER_AGENT_MAX));
  const label = [part(parsed.browser.name), part(parsed.os.name)].filter(Boolean).join(' · ');
  return label === '' ? null : label;
}
