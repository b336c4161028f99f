import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: an island hydrates on the first interaction with it (focus moving into
 * it, a key, a tap or click, typing, a submit), not when the page loads. Until then the page is
 * the server-rendered form, which works on its own: a submit made before React has arrived is
 * a plain form post, as with JavaScript off (the listener never cancels it). So a page costs no
 * JavaScript until someone starts to fill it in, and only the islands touched are hydrated.
 *
 * Registered by the `hydrate-on-interaction` integration in astro.config.mjs; Astro inlines it
 * (a few hundred bytes) in every page that uses it.
 */
const events = ['focusin', 'pointerdown', 'keydown', 'input', 'submit'] as const;

const interaction: ClientDirective = (load, _options, island) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of events) island.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  for (const type of events) island.addEventListener(type, start, { capture: true, passive: true });
  // Focus may already be inside (a tap while the page was still being parsed).
  if (island.contains(document.activeElement)) start();
};

export default interaction;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island (src/client/interaction.ts). */
    'client:interaction'?: boolean;
  }
}
