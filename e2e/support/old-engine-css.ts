import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from 'postcss';

/**
 * What in a stylesheet the engines of package.json's browserslist (Chrome 49, Firefox 48 /
 * KaiOS 2.5, Safari 10, Opera Mini) and NetSurf lack, where it decides layout, hiding or colour.
 * Each problem is one line: where, and what is missing. An empty list is a sheet they can use.
 *
 * Counted as layout, hiding or colour: the properties in `decisive` below. Shadows, transitions,
 * transforms other than translate, cursors, rounded corners, font smoothing and focus rings may
 * need newer engines: without them a page still reads and works.
 *
 * Accepted degradations (docs/decisions/002-served-css-for-old-engines.md): `gap` (flexbox gap
 * is Chrome 84; items sit closer), `display: contents` (the wrapper keeps its own display, which
 * here is a block in a block), position: sticky (static), `translate` (the side menu slides in;
 * it is hidden by visibility, which a rule with translate must set too), and :has() state
 * highlights (a checked option's card) that must not hide anything: the control shows its state.
 */

const decisive = new RegExp('^(?:' + [
  'display', 'visibility', 'position', 'top', 'right', 'bottom', 'left', 'z-index', 'float', 'clear',
  '(?:min-|max-)?(?:width|height)', 'margin(?:-.+)?', 'padding(?:-.+)?', 'border(?:-.+)?',
  'inset(?:-.+)?', 'transform', 'overflow(?:-[xy])?', 'clip', 'clip-path', 'opacity',
  'flex(?:-.+)?', 'grid(?:-.+)?', 'order', 'aspect-ratio', 'box-sizing', 'white-space', 'text-align', 'vertical-align',
  'font-size', 'line-height', 'color', 'background(?:-color)?', 'fill', 'stroke', 'outline-color',
].join('|') + ')$', 'i');

/** Properties none of those engines know, which Lightning CSS rewrites into ones they do. */
const unknownProperty = /^(?:inset(?:-.+)?|aspect-ratio|(?:margin|padding|border)-(?:inline|block)(?:-.+)?|(?:min-|max-)?(?:inline|block)-size|place-(?:items|content|self))$/i;

/** Values that need a newer engine: each such declaration needs a plain one of the same property before it in its rule. */
const modernValue: [RegExp, string][] = [
  [/\bvar\(/i, 'custom properties (Opera Mini, NetSurf; Chrome 49 without @property)'],
  [/\b(?:oklch|oklab|lab|lch|hwb|color|color-mix|light-dark)\(/i, 'a colour function of CSS Color 4/5'],
  [/#(?:[0-9a-f]{4}|[0-9a-f]{8})\b/i, '4- or 8-digit hex colours (Chrome 62, Safari 10 lacks them)'],
  [/\b(?:min|max|clamp)\(/i, 'min()/max()/clamp() (Chrome 79, Safari 11.1)'],
  [/\d(?:dvh|svh|lvh|dvw|svw|lvw|vi|vb|cq[whib]|cqmin|cqmax)\b/i, 'viewport or container units of CSS Values 4'],
  [/^(?:flex|inline-flex|grid|inline-grid)$/i, 'flexbox or grid (NetSurf, Dillo; grid: Chrome 57) without a block fallback'],
];

/** Selectors an engine of the list drops whole rules for. */
const modernSelector: [RegExp, string][] = [
  [/:(?:is|where|matches)\(/i, ':is()/:where() (Chrome 88, Safari 14, Firefox 78)'],
  [/(?<!\\)&/, 'CSS nesting'],
  [/:not\([^)]*[,\s>+~][^)]*\)/i, ':not() with a list or a combinator'],
];

/** Rules no element of this app gets: preflight's optgroup corrections (the app has no <optgroup>). */
const unused = /\boptgroup\b/i;

/** @supports conditions only newer engines pass: what is inside adds to a rule outside, it need not fall back. */
const modernCondition = /color-mix|base-select|lab\(|-webkit-hyphens|-moz-orient|contain-intrinsic-size|apple-pay/i;

function where(node: ChildNode): string {
  const rule = node.parent?.type === 'rule' ? (node.parent as Rule).selector : '';
  return `${rule.slice(0, 80)} { ${node.type === 'decl' ? `${node.prop}: ${node.value}` : ''} }`;
}

function atRuleAncestors(node: ChildNode): AtRule[] {
  const found: AtRule[] = [];
  let parent = node.parent;
  while (parent?.type === 'atrule' || parent?.type === 'rule') {
    if (parent.type === 'atrule') found.push(parent as AtRule);
    parent = (parent as AtRule | Rule).parent;
  }
  return found;
}

function plain(value: string): boolean {
  return !modernValue.some(([pattern]) => pattern.test(value.trim()));
}

export function oldEngineProblems(css: string): string[] {
  const problems: string[] = [];
  const root = postcss.parse(css);
  root.walkAtRules((atRule) => {
    const name = atRule.name.toLowerCase();
    if (name === 'layer') problems.push(`@layer ${atRule.params}: engines without cascade layers (Chrome 99, Safari 15.4, Firefox 97) drop the whole sheet`);
    if (name === 'media' && /[<>]=?|\bwidth\s*=|\bheight\s*=/.test(atRule.params)) problems.push(`@media ${atRule.params}: range syntax (Chrome 104, Safari 16.4) is false in older engines`);
    if (name === 'container' || name === 'scope' || name === 'starting-style') problems.push(`@${name} ${atRule.params}: unknown to every engine of the list`);
  });
  root.walkDecls((decl: Declaration) => {
    if (decl.prop.startsWith('--') || !decl.parent || decl.parent.type !== 'rule') return;
    const rule = decl.parent as Rule;
    if (unused.test(rule.selector)) return;
    const ancestors = atRuleAncestors(decl);
    const gated = ancestors.some((atRule) => atRule.name.toLowerCase() === 'supports' && modernCondition.test(atRule.params));
    const hides = (/^display$/i.test(decl.prop) && /^none\b/i.test(decl.value)) || (/^visibility$/i.test(decl.prop) && /^hidden\b/i.test(decl.value));
    if (gated) {
      if (hides) problems.push(`${where(decl)}: hides only where @supports passes`);
      return;
    }
    if (/^translate$/i.test(decl.prop) && !rule.some((node) => node.type === 'decl' && /^(?:visibility|display)$/i.test(node.prop))) {
      problems.push(`${where(decl)}: translate moves out of view only where it is supported: the rule must hide with visibility or display too`);
    }
    if (/:has\(/i.test(rule.selector) && hides) problems.push(`${where(decl)}: hides only where :has() is supported (Chrome 105, Firefox 121)`);
    if (!decisive.test(decl.prop) || /:has\(/i.test(rule.selector)) return;
    if (unknownProperty.test(decl.prop)) problems.push(`${where(decl)}: property unknown to the old engines`);
    for (const [pattern, what] of modernSelector) {
      if (pattern.test(rule.selector)) problems.push(`${where(decl)}: the rule's selector needs ${what}`);
    }
    const needs = modernValue.filter(([pattern]) => pattern.test(decl.value.trim()));
    if (!needs.length) return;
    let fallback = false;
    for (let previous = decl.prev(); previous; previous = previous.prev()) {
      if (previous.type === 'decl' && previous.prop.toLowerCase() === decl.prop.toLowerCase() && plain(previous.value)) {
        fallback = true;
        break;
      }
    }
    if (!fallback) problems.push(`${where(decl)}: needs ${needs.map(([, what]) => what).join(' and ')}, with no plain value before it`);
  });
  return problems;
}
