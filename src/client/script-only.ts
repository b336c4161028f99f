/**
 * Puts the markup of every <ScriptOnly name={name}> block (src/components/ScriptOnly.astro) in
 * the block's place, and returns its elements: [] when the page has none. Each block is used
 * once (it is replaced), so asking twice returns [] the second time.
 */
export function scriptOnly(name: string): HTMLElement[] {
  const made: HTMLElement[] = [];
  for (const block of document.querySelectorAll(`script[data-script-only="${name}"]`)) {
    const holder = document.createElement('div');
    holder.innerHTML = block.textContent ?? '';
    made.push(...(Array.from(holder.children) as HTMLElement[]));
    block.replaceWith(...Array.from(holder.childNodes));
  }
  return made;
}
