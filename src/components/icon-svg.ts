/**
 * The inside of each icon's <svg> (src/components/icon.ts), from lucide-static (ISC licence):
 * the file's licence comment and its own <svg> element taken off once, when the module loads, not
 * on every render of every icon (a signed-in page draws about twenty).
 * Only the icons named here reach the server bundle.
 */
import arrowDownLeft from 'lucide-static/icons/arrow-down-left.svg?raw';
import arrowUpRight from 'lucide-static/icons/arrow-up-right.svg?raw';
import check from 'lucide-static/icons/check.svg?raw';
import chevronDown from 'lucide-static/icons/chevron-down.svg?raw';
import circleUser from 'lucide-static/icons/circle-user.svg?raw';
import copy from 'lucide-static/icons/copy.svg?raw';
import eye from 'lucide-static/icons/eye.svg?raw';
import eyeOff from 'lucide-static/icons/eye-off.svg?raw';
import fileText from 'lucide-static/icons/file-text.svg?raw';
import landmark from 'lucide-static/icons/landmark.svg?raw';
import list from 'lucide-static/icons/list.svg?raw';
import logOut from 'lucide-static/icons/log-out.svg?raw';
import menu from 'lucide-static/icons/menu.svg?raw';
import settings from 'lucide-static/icons/settings.svg?raw';
import share2 from 'lucide-static/icons/share-2.svg?raw';
import shield from 'lucide-static/icons/shield.svg?raw';
import smartphone from 'lucide-static/icons/smartphone.svg?raw';
import tv from 'lucide-static/icons/tv.svg?raw';
import users from 'lucide-static/icons/users.svg?raw';
import wallet from 'lucide-static/icons/wallet.svg?raw';
import wifi from 'lucide-static/icons/wifi.svg?raw';
import x from 'lucide-static/icons/x.svg?raw';
import zap from 'lucide-static/icons/zap.svg?raw';
import { iconNames, type IconName } from './icon-names.ts';

const sources: Record<IconName, string> = {
  'arrow-down-left': arrowDownLeft,
  'arrow-up-right': arrowUpRight,
  check,
  'chevron-down': chevronDown,
  'circle-user': circleUser,
  copy,
  eye,
  'eye-off': eyeOff,
  'file-text': fileText,
  landmark,
  list,
  'log-out': logOut,
  menu,
  settings,
  'share-2': share2,
  shield,
  smartphone,
  tv,
  users,
  wallet,
  wifi,
  x,
  zap,
};

/** Each icon's shapes (paths, circles, …) without the comment and the <svg> around them. */
export const iconInner: Readonly<Record<IconName, string>> = Object.fromEntries(
  iconNames.map((name) => [
    name,
    sources[name]
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/^[\s\S]*?<svg[^>]*>/, '')
      .replace(/<\/svg>\s*$/, '')
      .trim(),
  ]),
) as Record<IconName, string>;

/** Escapes a class list for a double-quoted attribute (the classes come from the source, but a stray quote must not break out). */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The whole <svg> of one icon with these classes, made once per icon and class list and kept
 * (docs/decisions/013-render-and-memory-costs.md). The Icon.astro component before icon.ts drew it as an element with ten
 * attributes and a class:list, each attribute rendered, classified and escaped by Astro on every
 * render of every icon: a signed-in page draws twenty to thirty, and a /dashboard render spent
 * ~3 % of its CPU and ~5 % of its allocations there. The class lists are the source's own literals, so the pairs are few; the
 * cache stops keeping new ones past `keptIconsMax` (they are then made on each call).
 * The stroke (none filled, currentColor, 2 wide, round caps and joins) is in the stylesheet
 * (global.css, `svg[data-icon]`), said once for the page: ~135 bytes less on each icon, ~4 KB
 * of a /dashboard. An <svg> inside HTML needs no xmlns, and focusable="false" was for Internet
 * Explorer.
 */
const keptIcons = new Map<string, string>();
const keptIconsMax = 512;

export function iconSvg(name: IconName, className = 'size-5'): string {
  if (!Object.hasOwn(iconInner, name)) throw new Error(`no icon named ${name}`);
  const key = `${name} ${className}`;
  const kept = keptIcons.get(key);
  if (kept !== undefined) return kept;
  const classes = ['shrink-0', ...className.split(/\s+/)].filter(Boolean).join(' ');
  const svg =
    `<svg class="${attribute(classes)}" viewBox="0 0 24 24" aria-hidden="true" data-icon="${name}">${iconInner[name]}</svg>`;
  if (keptIcons.size < keptIconsMax) keptIcons.set(key, svg);
  return svg;
}
