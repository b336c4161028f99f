/** The icons the app draws (src/components/icon.ts), by their Lucide names. */
export const iconNames = [
  'arrow-down-left',
  'arrow-up-right',
  'check',
  'chevron-down',
  'circle-user',
  'copy',
  'eye',
  'eye-off',
  'file-text',
  'landmark',
  'list',
  'log-out',
  'menu',
  'settings',
  'share-2',
  'shield',
  'smartphone',
  'tv',
  'users',
  'wallet',
  'wifi',
  'x',
  'zap',
] as const;

export type IconName = (typeof iconNames)[number];
