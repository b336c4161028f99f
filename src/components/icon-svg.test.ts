import { describe, expect, it } from 'vitest';
import { iconInner } from './icon-svg.ts';
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
});
