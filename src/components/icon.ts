/**
 * One icon of the app's single set (Lucide, from lucide-static, ISC licence) for a template:
 * `{icon('copy')}` or `{icon('menu', 'size-6')}` (Tailwind size and colour classes; 1.25 rem
 * square unless said). Drawn inline as SVG on the server: no font, no request, no JavaScript, and
 * the same on every phone. Icons are decoration (`aria-hidden`), so the text beside them (visible
 * or `sr-only`) names the control. Only the icons named in icon-svg.ts reach the server bundle.
 *
 * A function, not a component (docs/decisions/013-render-and-memory-costs.md): an `<Icon>` component was two component instances per
 * icon (its own and the `<Fragment set:html>` inside it), each with its Astro global, props and
 * render promise, and a signed-in page draws twenty to thirty icons. The <svg> is the kept string
 * of iconSvg, marked as HTML the way Astro marks what `set:html` is given (markHTMLString, from
 * the runtime module every compiled .astro file imports), so Astro writes it as it is.
 */
import { markHTMLString } from 'astro/runtime/server/index.js';
import { iconSvg } from './icon-svg.ts';
import type { IconName } from './icon-names.ts';

export function icon(name: IconName, className?: string): unknown {
  return markHTMLString(iconSvg(name, className));
}
