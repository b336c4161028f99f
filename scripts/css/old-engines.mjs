// @ts-check
/**
 * The CSS pipeline for the engines in package.json's browserslist (Chrome 49, Firefox 48 / KaiOS,
 * Safari 10, Opera Mini, and the like of NetSurf and Dillo). Tailwind 4 writes every rule in
 * @layer, colours in oklch(), and reads its own --tw-* custom properties, which are registered
 * with @property. An engine that lacks cascade layers drops the whole sheet; one without custom
 * properties drops every declaration that reads one; one without @property leaves --tw-* unset.
 *
 * Tailwind's output goes through, in this order:
 *  1. @csstools/postcss-cascade-layers: the layers become plain rules, ordered by specificity
 *     (`:not(#\#)`) so the cascade stays what the layers said.
 *  2. postcss-custom-properties (preserve: false): every var() of a :root (theme) property is
 *     replaced by its value at build time.
 *  3. tailwindFallbacks (below): the --tw-* properties Tailwind reads get a static value in front
 *     of each declaration that reads them, and their defaults apply in every engine.
 *  4. Lightning CSS with the browserslist targets, which also minifies: oklch()/lab() get rgb()
 *     fallbacks, 8-digit hex becomes rgba(), logical properties, `inset` and `translate` become
 *     physical ones, calc() of constants is folded.
 *  5. displayFallbacks: flex and grid get a block fallback, for engines without either.
 * e2e/served-css.spec.ts checks what comes out.
 */
import browserslist from 'browserslist';
import { browserslistToTargets, transform } from 'lightningcss';
import cascadeLayers from '@csstools/postcss-cascade-layers';
import customProperties from 'postcss-custom-properties';
import valueParser from 'postcss-value-parser';
import selectorParser from 'postcss-selector-parser';

/** @typedef {import('postcss').Declaration} Declaration */
/** @typedef {import('postcss').Rule} Rule */

/** The custom property a var() names, with its fallback nodes (if any). */
function varParts(/** @type {valueParser.FunctionNode} */ node) {
  const commaAt = node.nodes.findIndex((child) => child.type === 'div' && child.value === ',');
  const name = node.nodes.find((child) => child.type === 'word')?.value ?? '';
  return { name, fallback: commaAt === -1 ? undefined : valueParser.stringify(node.nodes.slice(commaAt + 1)).trim() };
}

/**
 * `value` with every var() replaced: by the rule's own custom property, else by Tailwind's
 * default, else by the var()'s fallback. Undefined when one of them has no value at all.
 */
function resolveVars(/** @type {string} */ value, /** @type {Map<string, string>} */ known, depth = 0) {
  if (depth > 8) return undefined;
  const parsed = valueParser(value);
  let unresolved = false;
  parsed.walk((node) => {
    if (node.type !== 'function' || node.value.toLowerCase() !== 'var') return;
    const { name, fallback } = varParts(node);
    const raw = known.get(name) ?? fallback;
    const resolved = raw === undefined ? undefined : resolveVars(raw, known, depth + 1);
    if (resolved === undefined) {
      unresolved = true;
      return false;
    }
    // A word node prints its value as it is: the resolved text takes the var()'s place.
    Object.assign(node, { type: 'word', value: resolved, nodes: undefined });
    return false;
  });
  return unresolved ? undefined : valueParser.stringify(parsed.nodes).trim();
}

/** Tailwind's defaults for --tw-* when initial-value is `initial` (unset): a declaration reading it is dropped, like the engine would. */
const UNSET = new Set(['initial', '']);

/** @type {import('postcss').PluginCreator<void>} */
export const tailwindFallbacks = () => ({
  postcssPlugin: 'tailwind-fallbacks',
  OnceExit(root) {
    /** @type {Map<string, string>} */
    const defaults = new Map();
    root.walkAtRules('property', (rule) => {
      rule.walkDecls('initial-value', (decl) => {
        defaults.set(rule.params.trim(), decl.value.trim());
      });
    });
    // Tailwind sets the --tw-* defaults on every element itself only where its @supports guesses
    // that @property is missing (Safari before 16.4, Firefox before 128); Chrome before 85 and
    // Opera's Blink builds lack @property too. Unconditional, they mean the same as @property's
    // initial values (not inherited), in every engine.
    root.walkAtRules('supports', (atRule) => {
      const onlyTwDefaults = atRule.nodes?.length && atRule.nodes.every((node) =>
        node.type === 'rule' && node.nodes.every((decl) => decl.type === 'decl' && decl.prop.startsWith('--tw-')));
      if (!onlyTwDefaults) return;
      atRule.each((node) => {
        if (node.type !== 'rule') return;
        node.walkDecls((decl) => {
          if (!defaults.has(decl.prop)) defaults.set(decl.prop, decl.value.trim());
        });
      });
      atRule.replaceWith(atRule.nodes);
    });

    root.walkRules((rule) => {
      /** @type {Map<string, string>} */
      const local = new Map(defaults);
      for (const [name, value] of defaults) if (UNSET.has(value)) local.delete(name);
      rule.each((node) => {
        if (node.type !== 'decl') return;
        if (node.prop.startsWith('--')) {
          local.set(node.prop, node.value.trim());
          return;
        }
        if (!/var\(\s*--/i.test(node.value)) return;
        const resolved = resolveVars(node.value, local);
        if (resolved === undefined) return;
        const previous = node.prev();
        if (previous?.type === 'decl' && previous.prop === node.prop && previous.value === resolved) return;
        node.cloneBefore({ value: resolved });
      });
    });

    // The theme's custom properties are written into each use above (postcss-custom-properties);
    // those nothing reads any more are dropped from :root, where they would cost bytes only.
    for (;;) {
      /** @type {Set<string>} */
      const read = new Set();
      root.walkDecls((decl) => {
        for (const match of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(/** @type {string} */ (match[1]));
      });
      let dropped = 0;
      root.walkRules(/:root|:host/, (rule) => {
        rule.each((node) => {
          if (node.type === 'decl' && node.prop.startsWith('--') && !read.has(node.prop)) {
            node.remove();
            dropped += 1;
          }
        });
        if (!rule.nodes.length) rule.remove();
      });
      if (!dropped) break;
    }

    // :where() is Chrome 88, Safari 14, Firefox 78: older engines drop the whole rule (space-y-*,
    // divide-y, preflight's [hidden]). Where its argument is one selector it becomes that selector,
    // at that selector's specificity (documented in docs/decisions/002-served-css-for-old-engines.md).
    root.walkRules((rule) => {
      if (!rule.selector.includes(':where(')) return;
      rule.selector = selectorParser((selectors) => {
        selectors.walkPseudos((pseudo) => {
          if (pseudo.value.toLowerCase() !== ':where' || pseudo.nodes.length !== 1) return;
          const inner = pseudo.nodes[0];
          if (!inner) return;
          // `:where(A > B)C` is `A > BC` when it starts the selector and the selector has no
          // combinator of its own after it (the cascade-layers step appends :not(#\#) to it).
          const outer = pseudo.parent;
          const first = outer?.nodes[0] === pseudo && !outer.nodes.some((node) => node.type === 'combinator');
          if (!first && inner.nodes.some((node) => node.type === 'combinator')) return;
          pseudo.replaceWith(...inner.nodes.map((node) => node.clone()));
        });
      }).processSync(rule.selector);
    });
  },
});
tailwindFallbacks.postcss = true;

/**
 * Step 4, Lightning CSS with the browserslist targets, inside PostCSS rather than as Vite's
 * minifier: step 5 adds fallbacks that Lightning CSS would drop as overridden for these targets.
 * @type {import('postcss').PluginCreator<void>}
 */
export const lightningForTargets = () => ({
  postcssPlugin: 'lightningcss-for-targets',
  OnceExit(root, { parse, result }) {
    const targets = browserslistToTargets(browserslist(undefined, { path: process.cwd() }));
    const { code, warnings } = transform({ filename: result.opts.from ?? 'style.css', code: Buffer.from(root.toString()), minify: true, targets });
    for (const warning of warnings) result.warn(warning.message);
    root.removeAll();
    root.append(parse(code.toString(), { from: result.opts.from }).nodes);
  },
});
lightningForTargets.postcss = true;

/** What an engine without flexbox or grid (NetSurf, Dillo; grid: Chrome before 57) shows instead. */
const displayFallback = /** @type {Record<string, string>} */ ({ flex: 'block', grid: 'block', 'inline-flex': 'inline-block', 'inline-grid': 'inline-block' });

/**
 * Step 5: `display: block` in front of `display: flex` and the like, so that a flex row is at
 * least a block (a link a tap target, a button a box) where flexbox is unknown.
 * @type {import('postcss').PluginCreator<void>}
 */
export const displayFallbacks = () => ({
  postcssPlugin: 'display-fallbacks',
  OnceExit(root) {
    root.walkDecls('display', (decl) => {
      const fallback = displayFallback[decl.value.trim().toLowerCase()];
      if (!fallback) return;
      const previous = decl.prev();
      if (previous?.type === 'decl' && previous.prop === 'display') return;
      decl.cloneBefore({ value: fallback, raws: { before: '', between: ':' } });
    });
  },
});
displayFallbacks.postcss = true;

/** The PostCSS plugins of steps 1–5, for Vite's css.postcss. */
export function oldEnginePostcssPlugins() {
  return [cascadeLayers(), customProperties({ preserve: false }), tailwindFallbacks(), lightningForTargets(), displayFallbacks()];
}
