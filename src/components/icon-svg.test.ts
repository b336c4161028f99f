import { describe, expect, it } from 'vitest';
import { iconInner, iconSvg } from './icon-svg.ts';
import { iconNames } from './icon-names.ts';

describe('icon shapes', () => {
  it('has every named icon, each its shapes alone: no licence comment, no <svg> of its own', () => {
    expect(Object.keys(iconInner).sort()).toEqual([...iconNames].sort());
    for (const name of iconNames) {
      const inner = iconInner[name];
      expect(inner, name).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse)\b/);
      expect(inner, name).toMatch(/\/>$/);
      expect(inner, name).not.toMatch(/<!--|<svg|<\/svg>/);
    }
  });

  it('draws the whole <svg> with its classes, the same string each time, and refuses an unknown name', () => {
    const svg = iconSvg('menu', 'size-6 text-brand-700');
    expect(svg).toBe(
      `<svg class="shrink-0 size-6 text-brand-700" viewBox="0 0 24 24" aria-hidden="true" data-icon="menu">${iconInner.menu}</svg>`,
    );
    expect(iconSvg('menu', 'size-6 text-brand-700')).toBe(svg);
    expect(iconSvg('x')).toMatch(/^<svg class="shrink-0 size-5" /);
    // A class list is an attribute value: a quote in it cannot end the attribute.
    expect(iconSvg('x', 'a" onload="alert(1)')).toContain('class="shrink-0 a&quot; onload=&quot;alert(1)" viewBox=');
    expect(() => iconSvg('no-such-icon' as never)).toThrow(/no icon named no-such-icon/);
  });
});

describe('icon() for templates', () => {
  it('hands Astro the same kept <svg>, marked as HTML so it is written as it is, not escaped', async () => {
    const { icon } = await import('./icon.ts');
    const { isHTMLString, escapeHTML } = await import('astro/runtime/server/index.js');
    const marked = icon('copy', 'size-6');
    expect(isHTMLString(marked)).toBe(true);
    expect(String(marked)).toBe(iconSvg('copy', 'size-6'));
    // What Astro does with a plain string in a template: the same <svg> would arrive as text.
    expect(escapeHTML(iconSvg('copy'))).toMatch(/^&lt;svg /);
    expect(() => icon('no-such-icon' as never)).toThrow(/no icon named no-such-icon/);
  });
});
